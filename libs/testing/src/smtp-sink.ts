import { SMTPServer } from 'smtp-server';
import { freePort } from './redis-process';

/** A received mail: its envelope, its raw text, and its headers (lower-case names, unfolded). */
export interface ReceivedMail {
  to: string[];
  raw: string;
  headers: Record<string, string>;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([\w-]+)\?([QB])\?([^?]*)\?=/gi, (_whole, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

function readHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return Object.fromEntries(
    head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), decodeWords(line.slice(line.indexOf(':') + 1).trim())]),
  );
}

/**
 * A real SMTP server on loopback that keeps every mail it accepts. `refuse`
 * makes it answer every message with a temporary failure, to test retries.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  refuse = false;
  attempts = 0;
  private waiters: Array<() => void> = [];

  private readonly server: SMTPServer;

  private constructor(readonly port: number) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.attempts += 1;
          if (this.refuse) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          const raw = Buffer.concat(chunks).toString('utf8');
          this.mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, headers: readHeaders(raw) });
          this.waiters.splice(0).forEach((wake) => wake());
          callback();
        });
      },
    });
  }

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink(await freePort());
    await new Promise<void>((resolve) => sink.server.listen(sink.port, '127.0.0.1', resolve));
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves once `count` mails have arrived. */
  async waitForMails(count: number, timeoutMs = 15_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.mails.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${this.mails.length}`);
      await new Promise<void>((wake) => {
        this.waiters.push(wake);
        setTimeout(wake, 200);
      });
    }
    return this.mails;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The reset or invitation link in a mail (quoted-printable decoded), as the recipient would click it. */
export function linkIn(mail: ReceivedMail): URL {
  const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /https?:\/\/[^\s"<>]+reset-password\?[^\s"<>]+/.exec(decoded);
  if (!match) throw new Error(`no link in mail:\n${decoded}`);
  return new URL(match[0].replace(/&amp;/g, '&'));
}
