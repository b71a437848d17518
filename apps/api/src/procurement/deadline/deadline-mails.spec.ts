import { RankingMailData, rankingMail } from './deadline-mails';

const data: RankingMailData = {
  shop: 'Acme Blech GmbH',
  recipientName: 'Eva',
  number: 'PR-2099-0001',
  name: 'Brackets <Q3>',
  closedAt: new Date('2099-03-31T17:00:00Z'),
  timeZone: 'Europe/Berlin',
  closedBy: 'deadline',
  rankedBy: 'rating',
  offers: [
    { supplierName: 'Coat & Co', stars: 4, priced: 6, landedTotal: '1234.5000', leadTimeDays: 1 },
    { supplierName: 'Blech Müller GmbH', stars: 2, priced: 4, landedTotal: '999.995', leadTimeDays: null },
  ],
  asked: 6,
  currency: 'EUR',
  suppliersWithoutOffer: ['Nuts Ltd'],
  link: 'https://acme.fabquote.example/purchase-requests/1/offers',
};

describe('the ranking mail to the creator of a closed request', () => {
  it('lists the offers best first with stars, prices given, landed total and lead time', () => {
    const mail = rankingMail('en', data);
    expect(mail.subject).toBe('Purchase request PR-2099-0001 closed: 2 offers – Brackets <Q3>');
    expect(mail.text).toBe(
      [
        'Hello Eva,',
        'Purchase request PR-2099-0001 "Brackets <Q3>" closed at its deadline, 31 Mar 2099, 19:00 CEST.',
        'The offers, best rated first:\n1. Coat & Co: ★★★★☆, 6 of 6 prices, landed total €1,234.50, lead time 1 day\n2. Blech Müller GmbH: ★★☆☆☆, 4 of 6 prices, landed total €1,000.00',
        'No offer from: Nuts Ltd.',
        'Compare and award the offers: https://acme.fabquote.example/purchase-requests/1/offers',
      ].join('\n\n') + '\n',
    );
    expect(mail.html).toContain('Brackets &lt;Q3&gt;');
    expect(mail.html).not.toContain('<Q3>');
  });

  it('speaks German, says an early close, and has a line for no offers at all', () => {
    const mail = rankingMail('de', { ...data, closedBy: 'staff', offers: [], suppliersWithoutOffer: [], recipientName: null });
    expect(mail.subject).toBe('Anfrage PR-2099-0001 geschlossen: 0 Angebote – Brackets <Q3>');
    expect(mail.text).toContain('Hallo,\n\nDie Anfrage PR-2099-0001 „Brackets <Q3>“ wurde am 31.03.2099, 19:00 MESZ vor Ablauf ihrer Frist geschlossen.');
    expect(mail.text).toContain('Kein Lieferant hat ein Angebot abgegeben.');
    expect(rankingMail('de', { ...data, rankedBy: 'price' }).text).toContain(
      'Die Angebote, das vollständigste zuerst, dann der niedrigste Einstandsbetrag:\n1. Coat & Co: ★★★★☆, 6 von 6 Preisen, Einstandsbetrag 1.234,50\u00a0€, Lieferzeit 1 Tag',
    );
  });

  it('writes when it closed in the organization’s time zone, the zone named, and counts in the reader’s notation', () => {
    const many = { ...data, asked: 1200, offers: [{ ...data.offers[0], priced: 1200, leadTimeDays: 1000 }], closedAt: new Date('2099-12-15T16:00:00Z') };
    expect(rankingMail('de', many).text).toContain('am 15.12.2099, 17:00 MEZ geschlossen');
    expect(rankingMail('de', many).text).toContain('1.200 von 1.200 Preisen, Einstandsbetrag 1.234,50\u00a0€, Lieferzeit 1.000 Tage');
    expect(rankingMail('en', many).text).toContain('closed at its deadline, 15 Dec 2099, 17:00 CET.');
    expect(rankingMail('en', many).text).toContain('1,200 of 1,200 prices, landed total €1,234.50, lead time 1,000 days');
    expect(rankingMail('en', { ...many, timeZone: 'UTC' }).text).toContain('15 Dec 2099, 16:00 UTC');
  });
});
