import { purchaseRequestMail, PurchaseRequestMailData } from './procurement-mails';

const data: PurchaseRequestMailData = {
  shop: 'Demo Metallbau GmbH',
  supplierName: 'Blech Müller GmbH',
  number: 'PR-2026-0001',
  name: 'Brackets',
  closeSubmissionDeadline: new Date('2026-12-15T16:00:00Z'),
  timeZone: 'Europe/Berlin',
  currency: 'GBP',
  additionalInformation: null,
  products: [{ name: 'Door', number: 'P-1', quantities: [10, 50, 1000, 2500.5] }],
  operations: [],
  parts: [{ productName: 'Door', name: 'Hinge', number: 'H-1', perProduct: 1200 }],
  fileCount: 1500,
  link: 'https://demo.fabquote.example/pub/purchase-requests/r/s?token=…',
};

describe("the supplier's request mail writes numbers and the deadline as its reader's language does", () => {
  it('German: "1.000 Stück", the deadline in Berlin time as "15.12.2026, 17:00 MEZ"', () => {
    const mail = purchaseRequestMail('de', data);
    expect(mail.text).toContain('Door (P-1): 10 / 50 / 1.000 / 2.500,5 Stück');
    expect(mail.text).toContain('Door: Hinge (H-1), 1.200 je Produkt');
    expect(mail.text).toContain('Bitte geben Sie Ihr Angebot bis 15.12.2026, 17:00 MEZ ab.');
    expect(mail.text).toContain('Auf Ihrer Seite sind der Anfrage 1.500 Dateien beigefügt.');
    expect(mail.html).toContain('15.12.2026, 17:00 MEZ');
  });

  it('English: "1,000 pieces", the deadline as "15 Dec 2026, 17:00 CET"', () => {
    const mail = purchaseRequestMail('en', data, 'reminder');
    expect(mail.text).toContain('Door (P-1): 10 / 50 / 1,000 / 2,500.5 pieces');
    expect(mail.text).toContain('Please submit your offer by 15 Dec 2026, 17:00 CET.');
    expect(mail.text).toContain('1,500 files are attached');
  });

  it('names the organization\'s currency', () => {
    expect(purchaseRequestMail('en', data).text).toContain('Please quote all prices and costs in GBP.');
    expect(purchaseRequestMail('de', data, 'reopened').html).toContain('Bitte geben Sie alle Preise und Kosten in GBP an.');
  });

  it('an organization without a time zone gets UTC, named', () => {
    expect(purchaseRequestMail('en', { ...data, timeZone: 'UTC' }).text).toContain('by 15 Dec 2026, 16:00 UTC.');
  });
});
