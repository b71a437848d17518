import { RankingMailData, rankingMail } from './deadline-mails';

const data: RankingMailData = {
  shop: 'Acme Blech GmbH',
  recipientName: 'Eva',
  number: 'PR-2099-0001',
  name: 'Brackets <Q3>',
  closedAt: new Date('2099-03-31T17:00:00Z'),
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
        'Purchase request PR-2099-0001 "Brackets <Q3>" closed at its deadline, 31 March 2099 at 17:00 UTC.',
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
    expect(mail.text).toContain('Hallo,\n\nDie Anfrage PR-2099-0001 „Brackets <Q3>“ wurde am 31. März 2099 um 17:00 UTC vor Ablauf ihrer Frist geschlossen.');
    expect(mail.text).toContain('Kein Lieferant hat ein Angebot abgegeben.');
    expect(rankingMail('de', { ...data, rankedBy: 'price' }).text).toContain(
      'Die Angebote, das vollständigste zuerst, dann der niedrigste Einstandsbetrag:\n1. Coat & Co: ★★★★☆, 6 von 6 Preisen, Einstandsbetrag 1.234,50\u00a0€, Lieferzeit 1 Tag',
    );
  });
});
