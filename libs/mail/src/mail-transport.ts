import { mkdirSync, writeFileSync } from 'node:fs';
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
 * How SMTP is spoken: over a pool of connections kept open and reused, rather than a connection (with
 * its greeting, EHLO, STARTTLS and AUTH) per mail. As many connections as jobs send at once
 * (libs/queue `QUEUE_CONCURRENCY`: 8 mail jobs at once, `mail.send` and procurement's invitations
 * together), each reconnecting after 100 mails; every connection is closed on shutdown (`onApplicationShutdown`).
 *
 * And how long a server may keep a mail waiting: a mail job sends inside its tenant transaction (the
 * handled-jobs ledger's exactly once), which PostgreSQL ends after `IDLE_IN_TRANSACTION_MS` (30 s) without a
 * statement. With nodemailer's own limits (2 minutes to connect, 30 s for the greeting, 10 minutes of silence) a
 * server that stopped answering held each mail job for up to 10 minutes, its transaction long ended by then: eight
 * such and no mail went out, not even a password reset. So a connection must open within 10 s, greet within 10 s,
 * and answer each step within 20 s; the send then fails while its transaction is still open, is rolled back, and
 * the job is tried again after its backoff. A pooled connection silent for 20 s between mails is closed too, and
 * opened again for the next.
 */
export const SMTP_POOL = { pool: true, maxConnections: 8, maxMessages: 100, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/** The pooled SMTP transport of `url` (`SMTP_POOL`); close it when done. */
export function smtpTransport(url: string): Transporter {
  return createTransport({ url, ...SMTP_POOL });
}

/**
 * Sends through `SMTP_URL` when set (pooled, `SMTP_POOL`); otherwise writes each mail as an `.eml`
 * file under `MAIL_DIR/<organization>/`, so nothing leaves the machine and nothing is lost. The file has
 * Unix line ends: nodemailer composes the message with CRLF and `unixLines` drops the CRs, as nodemailer's
 * own `newline: 'unix'` stream did (one stream stage less per mail).
 */
export class MailTransport {
  private readonly smtp?: Transporter;
  private readonly files: Transporter;
  /** The folders made (or found) already: one `mkdir` per organization and process, not per mail. */
  private readonly folders = new Set<string>();

  constructor(private readonly options: { smtpUrl?: string; mailDir: string }) {
    if (options.smtpUrl) this.smtp = smtpTransport(options.smtpUrl);
    this.files = createTransport({ streamTransport: true, buffer: true });
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
    if (!this.folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.folders.add(folder);
    }
    const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mailId}.eml`);
    const bytes = unixLines(info.message as Buffer);
    // Written synchronously: the three system calls (open, write, close) of a mail into a local folder cost the
    // event loop less than `fs/promises` did, whose three hops to libuv's thread pool and back took about 0.2 ms
    // of the loop per mail, a fifth of a mail job's CPU in the outbox bench (about 0.9 instead of 1.1 ms a job).
    try {
      writeFileSync(file, bytes);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The folder was removed meanwhile (a test cleaning up, an operator): made again, once.
      mkdirSync(folder, { recursive: true });
      writeFileSync(file, bytes);
    }
    return { messageId, destination: file };
  }

  /** Closes the pool's connections: nothing keeps a process (or a test) alive after its app closed. */
  onApplicationShutdown(): void {
    this.close();
  }

  close(): void {
    this.smtp?.close();
  }
}

/** The message without its CR bytes, as nodemailer's `newline: 'unix'` stream writes it (it drops every CR). */
export function unixLines(message: Buffer): Buffer {
  let at = message.indexOf(CR);
  if (at === -1) return message;
  const parts: Buffer[] = [];
  let from = 0;
  for (; at !== -1; at = message.indexOf(CR, from)) {
    parts.push(message.subarray(from, at));
    from = at + 1;
  }
  parts.push(message.subarray(from));
  return Buffer.concat(parts);
}

const CR = 0x0d;
