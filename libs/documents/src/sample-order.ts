import { OrderDocument, OrderDocumentItem } from './types';

const NAMES = [
  'Mounting bracket, S235 2 mm, bent twice',
  'Cover plate, stainless 1.4301 1.5 mm, brushed, with four countersunk holes',
  'Housing side panel',
  'Flange ring Ø 120, laser cut and deburred',
  'Base frame cross member, welded, primed, 1200 mm, with slotted holes for adjustment on both ends',
];

/**
 * A made-up order of `count` items with figures that add up (to the cent, in integer cents), for
 * the tests and the bench: quantities 1–40, unit prices 0.85–1,234.56, every third line 5 % off,
 * 2.5 % commission, 19 % VAT.
 */
export function sampleOrder(count: number, overrides: Partial<OrderDocument> = {}): OrderDocument {
  const items: OrderDocumentItem[] = [];
  let goodsCents = 0n;
  for (let index = 0; index < count; index++) {
    const quantity = BigInt((index % 40) + 1);
    const unitCents = 85n + BigInt((index * 7919) % 123372);
    const discounted = index % 3 === 2;
    const gross = quantity * unitCents;
    // As the order rounds it (docs/api-orders.md "Totals"): the discount to cents, then taken off.
    const lineCents = discounted ? gross - (gross * 5n + 50n) / 100n : gross;
    goodsCents += lineCents;
    items.push({
      position: index + 1,
      productNumber: `P-${String(10001 + index)}`,
      productName: NAMES[index % NAMES.length],
      quantity: String(quantity),
      unitPrice: cents(unitCents),
      discountPercent: discounted ? '5' : null,
      lineTotal: cents(lineCents),
    });
  }
  const commissionCents = (goodsCents * 25n + 500n) / 1000n;
  const subtotalCents = goodsCents + commissionCents;
  const vatCents = (subtotalCents * 19n + 50n) / 100n;
  return {
    status: 'offered',
    number: '2026-0042',
    date: '2026-11-24',
    validUntil: '2026-12-24',
    requestNumber: 'RFQ-7781',
    name: 'Brackets and covers for line 3',
    description: 'Laser cut, bent and deburred as per drawings of 2026-11-10.',
    currency: 'EUR',
    letterhead: {
      name: 'Demo Metallbau GmbH',
      addressLines: ['Industriestraße 12', '70565 Stuttgart', 'Germany'],
      phone: '+49 711 123456-0',
      email: 'info@demo-metallbau.example',
      website: 'www.demo-metallbau.example',
      vatId: 'DE123456789',
      bankName: 'Stuttgarter Volksbank',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'VOBADESSXXX',
    },
    customer: {
      name: 'Müller Maschinenbau AG',
      accountNumber: 'K-10023',
      addressLines: ['Größenweg 5', '80331 München'],
      contactName: 'Jürgen Weiß',
      contactPhone: '+49 89 555 0101',
      contactEmail: 'j.weiss@mueller.example',
    },
    items,
    totals: {
      valueOfGoods: cents(goodsCents),
      commissionPercent: '2.5',
      commission: cents(commissionCents),
      subtotal: cents(subtotalCents),
      vatRate: '19',
      vatAmount: cents(vatCents),
      totalWithVat: cents(subtotalCents + vatCents),
    },
    paymentTerms: '30 days net',
    shippingTerms: 'FCA Stuttgart',
    shippingMethod: 'Freight forwarder',
    shippingDate: '2027-01-15',
    shippingDays: 21,
    ...overrides,
  };
}

function cents(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
