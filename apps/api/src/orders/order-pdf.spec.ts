import { dayIn, orderDocument, orderPdfFileName, timeZoneOf } from './order-pdf';
import type { OrderPdfHead, OrderPdfLine } from './order-pdf.repository';

const head: OrderPdfHead = {
  number: 'OR-2026-0001',
  name: 'OR-2026-0001',
  status: 'offered',
  language: 'de',
  requestNumber: null,
  customerOrderNumber: null,
  description: null,
  validUntil: '2026-12-24',
  contactName: 'Eva Einkauf',
  contactPhone: null,
  contactEmail: 'eva@kunde.example',
  paymentTerms: null,
  currency: 'EUR',
  shippingTerms: null,
  shippingMethod: null,
  shippingDate: null,
  shippingDays: null,
  commissionPercent: '2.50',
  vatRate: '19.00',
  statusChangedAt: new Date('2026-11-23T23:30:00Z'),
  customer: { name: 'Kunde', billingName: 'Kunde Rechnung GmbH', accountNumber: 'K-1', address: 'Weg 1', zipCode: '80331', city: 'München', country: null },
};
const line = (position: number, quantity: string, unitPrice: string, discountPercent = '0.00'): OrderPdfLine => ({
  kind: 'product',
  position,
  productName: 'P',
  productNumber: null,
  text: null,
  unit: null,
  quantity,
  unitPrice,
  discountPercent,
});

describe('the order as its PDF', () => {
  it('prints the lines in order: text lines without number or amount, free lines with their text and unit, numbered among the products', () => {
    const heading: OrderPdfLine = { kind: 'text', position: 1, productName: null, productNumber: null, text: 'Baugruppe A', unit: null, quantity: null, unitPrice: null, discountPercent: null };
    const freight: OrderPdfLine = { kind: 'free', position: 3, productName: null, productNumber: null, text: 'Fracht', unit: 'pauschal', quantity: '1.0000', unitPrice: '85.0000', discountPercent: '0.00' };
    const document = orderDocument(head, [heading, line(2, '10.0000', '12.5000'), freight], { name: 'Acme' }, 'UTC');
    expect(document.items).toEqual([
      { kind: 'text', text: 'Baugruppe A' },
      { kind: 'product', position: 1, productNumber: null, productName: 'P', quantity: '10.0000', unitPrice: '12.5000', discountPercent: '0.00', lineTotal: '125.00' },
      { kind: 'free', position: 2, productNumber: null, productName: 'Fracht', unit: 'pauschal', quantity: '1.0000', unitPrice: '85.0000', discountPercent: '0.00', lineTotal: '85.00' },
    ]);
    // 125.00 + 85.00 = 210.00; 2.5 % commission 5.25; subtotal 215.25; 19 % VAT 40.8975 → 40.90
    expect(document.totals).toMatchObject({ valueOfGoods: '210.00', commission: '5.25', subtotal: '215.25', vatAmount: '40.90', totalWithVat: '256.15' });
  });

  it('carries the totals of docs/api-orders.md "Totals" (the worked example) and numbers positions 1, 2, 3', () => {
    const document = orderDocument(head, [line(1, '10.0000', '12.5000'), line(4, '3.0000', '0.3350'), line(7, '7.0000', '19.9900', '5.00')], { name: 'Acme' }, 'UTC');
    expect(document.items.map((item) => (item.kind === 'text' ? [] : [item.position, item.lineTotal]))).toEqual([
      [1, '125.00'],
      [2, '1.01'],
      [3, '132.93'],
    ]);
    expect(document.totals).toEqual({ valueOfGoods: '258.94', commissionPercent: '2.50', commission: '6.47', subtotal: '265.41', vatRate: '19.00', vatAmount: '50.43', totalWithVat: '315.84' });
    expect(document.customer).toMatchObject({ name: 'Kunde Rechnung GmbH', accountNumber: 'K-1', addressLines: ['Weg 1', '80331 München'], contactName: 'Eva Einkauf' });
    expect(document.name).toBeNull(); // just the number: not printed twice
  });

  it('dates the document in the organization\'s time zone, else UTC', () => {
    expect(dayIn(head.statusChangedAt, timeZoneOf('Europe/Berlin'))).toBe('2026-11-24');
    expect(dayIn(head.statusChangedAt, timeZoneOf(null))).toBe('2026-11-23');
    expect(timeZoneOf('Mars/Olympus')).toBe('UTC');
    expect(timeZoneOf(['Europe/Berlin'])).toBe('UTC');
  });

  it('names the file with the document\'s word in its language', () => {
    expect(orderPdfFileName(head, 'de')).toBe('Angebot-OR-2026-0001.pdf');
    expect(orderPdfFileName({ ...head, status: 'ordered' }, 'en')).toBe('Order confirmation-OR-2026-0001.pdf');
  });
});
