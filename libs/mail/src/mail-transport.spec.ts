import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { IDLE_IN_TRANSACTION_MS } from '@fabquote/database';
import { MailTransport, OutgoingMail, SMTP_POOL, unixLines } from './mail-transport';

/** What differs between two compositions of one mail: its Date and its MIME boundaries. */
const comparable = (eml: string) => {
  const boundaries = [...eml.matchAll(/boundary="([^"]+)"/g)].map((match) => match[1]);
  return boundaries.reduce((text, boundary, index) => text.replaceAll(boundary, `BOUNDARY${index}`), eml).replace(/^Date: .*$/m, 'Date: -');
};

describe('the .eml files of the mail transport', () => {
  let mailDir: string;
  beforeAll(() => {
    mailDir = mkdtempSync(join(tmpdir(), 'fabquote-mail-spec-'));
  });
  afterAll(() => rmSync(mailDir, { recursive: true, force: true }));

  it('are the bytes nodemailer writes with Unix line ends', async () => {
    const mail: OutgoingMail = {
      mailId: '0b6f8c1e-4d2a-4f3e-9a57-5d0c2b7e9f10',
      organizationSlug: 'acme',
      from: { name: 'Acme Einkauf', address: 'no-reply@fabquote.local' },
      to: [{ name: 'Eva Einkauf', address: 'eva@supplier.example' }],
      replyTo: 'clerk@acme.example',
      subject: 'Anfrage über Türen – bitte bis Freitag',
      text: `Guten Tag,\r\nbitte ein Angebot für 200 Stück.\nEine Zeile, die länger ist als sechsundsiebzig Zeichen, damit sie umbrochen werden muss, ${'x'.repeat(40)}\rEnde`,
      html: '<p>Guten Tag,</p><p>bitte ein Angebot für <b>200</b> Stück.</p>',
    };
    const { destination, messageId } = await new MailTransport({ mailDir }).send(mail);
    const { mailId, organizationSlug, ...message } = mail;
    const nodemailer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const expected = (await nodemailer.sendMail({ ...message, messageId: `<${mailId}@${organizationSlug}.fabquote>` })).message as Buffer;

    expect(messageId).toBe('<0b6f8c1e-4d2a-4f3e-9a57-5d0c2b7e9f10@acme.fabquote>');
    expect(destination.startsWith(join(mailDir, 'acme'))).toBe(true);
    const written = readFileSync(destination);
    expect(written.includes(0x0d)).toBe(false);
    expect(comparable(written.toString('latin1'))).toBe(comparable(expected.toString('latin1')));
  });

  it('drop every CR, as nodemailer’s Unix line ends do', () => {
    expect(unixLines(Buffer.from('a\r\nb\rc\n\r\r')).toString()).toBe('a\nbc\n');
    const plain = Buffer.from('no CR\n');
    expect(unixLines(plain)).toBe(plain);
  });
});

describe('the SMTP pool’s limits', () => {
  it('end every wait on a server well before PostgreSQL ends the mail job’s transaction', () => {
    // Each of these bounds one wait of a send made inside the job's tenant transaction (see SMTP_POOL).
    for (const limit of [SMTP_POOL.connectionTimeout, SMTP_POOL.greetingTimeout, SMTP_POOL.socketTimeout]) {
      expect(limit).toBeGreaterThan(0);
      expect(limit).toBeLessThan(IDLE_IN_TRANSACTION_MS);
    }
  });
});
