import { initialForm, offerPayload, offerProblems, pageLanguage, readAmount, SupplierPage, tierKey, tierOfError } from './supplier-page';

const lines: SupplierPage['lines'] = [
  { kind: 'operation', id: 'op-1', productId: 'p1', productName: 'Bracket', name: 'Powder coating', number: null, quantities: [10, 50] },
  { kind: 'part', id: 'pa-1', productId: 'p1', productName: 'Bracket', name: 'Press nut M5', number: 'PN-M5', quantities: [20, 100] },
];

describe("the supplier's page", () => {
  it("speaks ?lang= when it is en or de, else the supplier's language, else English", () => {
    expect(pageLanguage('de', 'en')).toBe('de');
    expect(pageLanguage('fr', 'de-DE')).toBe('de');
    expect(pageLanguage(null, null)).toBe('en');
  });

  it('reads amounts with a decimal point or a German decimal comma', () => {
    expect(readAmount('12.50')).toBe(12.5);
    expect(readAmount('12,5')).toBe(12.5);
    expect(readAmount('1.234,5')).toBe(1234.5);
    expect(readAmount(' ')).toBeNull();
    expect(readAmount('-3')).toBeNaN();
    expect(readAmount('abc')).toBeNaN();
  });

  it('wants a shipping date and at least one priced tier', () => {
    const form = initialForm(null);
    expect(offerProblems(form)).toEqual({ shippingDate: 'shipping_date_required', prices: 'pricing_tier_required' });
    form.shippingDate = '2030-02-01';
    form.prices[tierKey('operation', 'op-1', 10)] = '4,20';
    expect(offerProblems(form)).toEqual({});
    form.leadTimeDays = '2.5';
    form.prices[tierKey('part', 'pa-1', 20)] = 'x';
    expect(offerProblems(form)).toEqual({ leadTimeDays: 'whole_days', 'part:pa-1:20': 'not_a_number' });
  });

  it('sends numbers and only the tiers given a price, and maps a tier error back to its input', () => {
    const form = { ...initialForm(null), shippingDate: '2030-02-01', packagingCost: '15', leadTimeDays: '10', additionalInformation: ' ' };
    form.prices = { [tierKey('operation', 'op-1', 10)]: '4,20', [tierKey('part', 'pa-1', 100)]: '0.05', [tierKey('part', 'pa-1', 20)]: '' };
    const payload = offerPayload(form, lines);
    expect(payload).toEqual({
      shippingDate: '2030-02-01',
      packagingCost: 15,
      shippingCost: null,
      customsCost: null,
      leadTimeDays: 10,
      additionalInformation: null,
      prices: [
        { kind: 'operation', lineId: 'op-1', quantity: 10, unitPrice: 4.2 },
        { kind: 'part', lineId: 'pa-1', quantity: 100, unitPrice: 0.05 },
      ],
    });
    expect(tierOfError('prices.1.unitPrice', payload)).toBe('part:pa-1:100');
    expect(tierOfError('shippingDate', payload)).toBeNull();
  });

  it('starts a revision from the latest offer', () => {
    const form = initialForm({
      shippingDate: '2030-02-01',
      packagingCost: 15,
      shippingCost: 0,
      customsCost: 0,
      leadTimeDays: null,
      additionalInformation: 'Zinc plated',
      prices: [{ kind: 'part', lineId: 'pa-1', quantity: 20, unitPrice: 0.06 }],
    });
    expect(form).toEqual({
      shippingDate: '2030-02-01',
      packagingCost: '15',
      shippingCost: '0',
      customsCost: '0',
      leadTimeDays: '',
      additionalInformation: 'Zinc plated',
      prices: { 'part:pa-1:20': '0.06' },
    });
  });
});
