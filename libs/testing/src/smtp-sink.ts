import libmime from 'libmime';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './redis-process';

/** A file attached to a received mail, decoded. */
export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A received mail: its envelope, its raw text, its headers (lower-case names, unfolded, encoded words decoded) and
 * what its reader sees — the text and HTML parts and the attachments, decoded by mailparser (one parser for every
 * suite, whatever the transfer encoding).
 */
export interface ReceivedMail {
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
}

/** The raw mail as its reader sees it. */
async function receive(to: string[], source: Buffer): Promise<ReceivedMail> {
  const parsed = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const headers = Object.fromEntries(parsed.headerLines.map(({ key, line }) => [key, libmime.decodeWords(line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]*/g, ' ').trim())]));
  return {
    to,
    raw: source.toString('utf8'),
    headers,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    attachments: parsed.attachments.map((attachment) => ({ filename: attachment.filename ?? '', contentType: attachment.contentType, content: attachment.content })),
  };
}

/**
 * A real SMTP server on loopback that keeps every mail it accepts. `refuse`
 * makes it answer every message with a temporary failure, to test retries;
 * `refuseTo` refuses the addresses in it for good (one recipient's mail failing), each refusal kept in `refused`.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  refuse = false;
  attempts = 0;
  readonly refuseTo = new Set<string>();
  /**
   * How many of the next messages to take in whole and never answer, as a server that hangs after the data does:
   * the client gives up at its timeout and the message is not kept. Each one so left counts in `stalled`.
   */
  stall = 0;
  stalled = 0;
  readonly refused: string[] = [];
  private waiters: Array<() => void> = [];

  private readonly server: SMTPServer;

  private constructor(readonly port: number) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refuseTo.has(address.address)) return callback();
        this.refused.push(address.address);
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.attempts += 1;
          if (this.stall > 0) {
            this.stall -= 1;
            this.stalled += 1;
            return;
          }
          if (this.refuse) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          receive(
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
            Buffer.concat(chunks),
          ).then(
            (mail) => {
              this.mails.push(mail);
              this.waiters.splice(0).forEach((wake) => wake());
              callback();
            },
            (error: Error) => callback(Object.assign(error, { responseCode: 554 })),
          );
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

/** The reset or invitation link in a mail, as the recipient would click it. */
export function linkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/[^\s"<>]+reset-password\?[^\s"<>]+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail:\n${mail.text}`);
  return new URL(match[0]);
}

/** The personal link of a mail to a supplier (its purchase request page), as the supplier would click it. */
export function supplierLinkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+?\/pub\/purchase-requests\/[^\s"<>]+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail:\n${mail.text}`);
  return new URL(match[0]);
}
