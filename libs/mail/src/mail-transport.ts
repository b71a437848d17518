import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, SendMailOptions, Transporter } from 'nodemailer';

export interface OutgoingMail extends SendMailOptions {
  /** Stable id of this mail (the job id): it names the .eml file and the Message-ID. */
  mailId: string;
  organizationSlug: string;
}

export interface MailDelivery {
  messageId: string;
  /** Where the mail went: the SMTP server's answer, or the .eml file written. */
  destination: string;
}

/**
 * Sends through `SMTP_URL` when set; otherwise writes each mail as an `.eml`
 * file under `MAIL_DIR/<organization>/`, so nothing leaves the machine and nothing is lost.
 */
export class MailTransport {
  private readonly smtp?: Transporter;
  private readonly files: Transporter;

  constructor(private readonly options: { smtpUrl?: string; mailDir: string }) {
    if (options.smtpUrl) this.smtp = createTransport(options.smtpUrl);
    this.files = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<MailDelivery> {
    const { mailId, organizationSlug, ...message } = mail;
    const messageId = `<${mailId}@${organizationSlug}.fabquote>`;
    if (this.smtp) {
      const info = await this.smtp.sendMail({ ...message, messageId });
      return { messageId, destination: String(info.response ?? 'smtp') };
    }
    const info = await this.files.sendMail({ ...message, messageId });
    const folder = join(this.options.mailDir, organizationSlug);
    await mkdir(folder, { recursive: true });
    const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mailId}.eml`);
    await writeFile(file, info.message as Buffer);
    return { messageId, destination: file };
  }

  onApplicationShutdown(): void {
    this.smtp?.close();
  }
}
