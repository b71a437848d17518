import { initialForm, offerPayload, offerProblems, offerProblemValues, pageLanguage, readAmount, relanguageForm, SupplierPage, tierKey, tierOfError } from './supplier-page';

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

  it("reads amounts the way the page's language writes them, refusing the other way", () => {
    expect(readAmount('12.50', 'en')).toBe(12.5);
    expect(readAmount('12,5', 'de')).toBe(12.5);
    expect(readAmount('1.234,5', 'de')).toBe(1234.5);
    expect(readAmount('1,234.5', 'en')).toBe(1234.5);
    expect(readAmount('1.000', 'de')).toBe(1000);
    expect(readAmount('1,000', 'en')).toBe(1000);
    expect(readAmount(' ', 'de')).toBeNull();
    expect(readAmount('-3', 'en')).toBeNaN();
    expect(readAmount('abc', 'en')).toBeNaN();
    // Ambiguous in the language: refused, never read as the other language would.
    expect(readAmount('12,5', 'en')).toBeNaN();
    expect(readAmount('1.5', 'de')).toBeNaN();
  });

  it('wants a shipping date and at least one priced tier', () => {
    const form = initialForm(null, 'de');
    expect(offerProblems(form, 'de')).toEqual({ shippingDate: 'shipping_date_required', prices: 'pricing_tier_required' });
    form.shippingDate = '2030-02-01';
    form.prices[tierKey('operation', 'op-1', 10)] = '4,20';
    expect(offerProblems(form, 'de')).toEqual({});
    form.leadTimeDays = '2,5';
    form.prices[tierKey('part', 'pa-1', 20)] = 'x';
    form.packagingCost = '-1';
    expect(offerProblems(form, 'de')).toEqual({ leadTimeDays: 'whole_days', 'part:pa-1:20': 'number_unreadable', packagingCost: 'not_a_number' });
  });

  it('refuses an amount written the other way, saying how the language writes it', () => {
    const form = { ...initialForm(null, 'de'), shippingDate: '2030-02-01', prices: { [tierKey('operation', 'op-1', 10)]: '4.2' } };
    expect(offerProblems(form, 'de')).toEqual({ 'operation:op-1:10': 'number_ambiguous' });
    expect(offerProblemValues(form, 'operation:op-1:10', 'de')).toMatchObject({ entry: '4.2', suggestion: '4,2', thousand: '1.000' });
    expect(offerProblems({ ...form, prices: { [tierKey('operation', 'op-1', 10)]: '4,20' } }, 'en')).toEqual({ 'operation:op-1:10': 'number_ambiguous' });
  });

  it('writes typed numbers the new way when the supplier switches the language', () => {
    const form = { ...initialForm(null, 'de'), packagingCost: '1.234,50', leadTimeDays: '10', prices: { a: '0,10', b: 'x' } };
    expect(relanguageForm(form, 'de', 'en')).toMatchObject({ packagingCost: '1,234.50', leadTimeDays: '10', prices: { a: '0.10', b: 'x' } });
  });

  it('sends numbers and only the tiers given a price, and maps a tier error back to its input', () => {
    const form = { ...initialForm(null, 'de'), shippingDate: '2030-02-01', packagingCost: '1.015', leadTimeDays: '10', additionalInformation: ' ' };
    form.prices = { [tierKey('operation', 'op-1', 10)]: '4,20', [tierKey('part', 'pa-1', 100)]: '0,05', [tierKey('part', 'pa-1', 20)]: '' };
    const payload = offerPayload(form, lines, 'de');
    expect(payload).toEqual({
      shippingDate: '2030-02-01',
      packagingCost: 1015,
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
    const offer = {
      shippingDate: '2030-02-01',
      packagingCost: 15,
      shippingCost: 0,
      customsCost: 0,
      leadTimeDays: null,
      additionalInformation: 'Zinc plated',
      prices: [{ kind: 'part' as const, lineId: 'pa-1', quantity: 20, unitPrice: 0.1 }],
    };
    // Written the page's language's way, money with its cents: "0,10", not "0.1".
    expect(initialForm(offer, 'en')).toMatchObject({ packagingCost: '15.00', prices: { 'part:pa-1:20': '0.10' } });
    expect(initialForm(offer, 'de')).toEqual({
      shippingDate: '2030-02-01',
      packagingCost: '15,00',
      shippingCost: '0,00',
      customsCost: '0,00',
      leadTimeDays: '',
      additionalInformation: 'Zinc plated',
      prices: { 'part:pa-1:20': '0,10' },
    });
  });
});
