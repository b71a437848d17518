import { chosen, maxText, nonNegativeNumber, notBelow, positiveNumber } from './validators';

// react-admin validators take the form's values and props; these only read the values.
const check = (validator: ReturnType<typeof maxText>, value: unknown, values: Record<string, unknown> = {}) => validator(value, values, {} as never);

describe('field validators (docs/product.md §5)', () => {
  it('refuses texts over 255 characters, saying the limit', () => {
    expect(check(maxText(), 'x'.repeat(255))).toBeUndefined();
    expect(check(maxText(), 'x'.repeat(256))).toEqual({ message: 'fabquote.validation.too_long', args: { maxLength: 255 } });
  });

  it("says the area's own words when nothing is chosen", () => {
    expect(check(chosen('resources.purchase-requests.messages.select_product'), null)).toBe('resources.purchase-requests.messages.select_product');
    expect(check(chosen('resources.purchase-requests.messages.select_product'), 'p1')).toBeUndefined();
  });

  it('wants quantities and dimensions above zero, leaving empty values to required()', () => {
    expect(check(positiveNumber(), 0.5)).toBeUndefined();
    expect(check(positiveNumber(), 0)).toBe('fabquote.validation.positive_number');
    expect(check(positiveNumber(), -1)).toBe('fabquote.validation.positive_number');
    expect(check(positiveNumber(), null)).toBeUndefined();
  });

  it('lets prices and costs be zero but not negative', () => {
    expect(check(nonNegativeNumber(), 0)).toBeUndefined();
    expect(check(nonNegativeNumber(), '12.5')).toBeUndefined();
    expect(check(nonNegativeNumber(), -0.01)).toBe('fabquote.validation.positive_number');
    expect(check(nonNegativeNumber(), 'abc')).toBe('fabquote.validation.positive_number');
    expect(check(nonNegativeNumber(), '')).toBeUndefined();
  });

  it('keeps the upper end of a range at or above its lower end', () => {
    const maxQuantity = notBelow('minQuantity', 'below');
    expect(check(maxQuantity, 99, { minQuantity: 100 })).toBe('below');
    expect(check(maxQuantity, 100, { minQuantity: 100 })).toBeUndefined();
    // 9 < 10 as numbers, though '9' > '10' as text.
    expect(check(maxQuantity, 10, { minQuantity: 9 })).toBeUndefined();
    expect(check(maxQuantity, null, { minQuantity: 100 })).toBeUndefined();
    expect(check(maxQuantity, 5, { minQuantity: null })).toBeUndefined();
    // The number input holds exact decimal texts: they compare by value too, and a stored number with them.
    expect(check(maxQuantity, '9', { minQuantity: '10' })).toBe('below');
    expect(check(maxQuantity, '10', { minQuantity: 9 })).toBeUndefined();
    expect(check(maxQuantity, '10.50', { minQuantity: '10.5' })).toBeUndefined();
  });

  it('compares calendar dates in order', () => {
    const validUntil = notBelow('validFrom', 'before');
    expect(check(validUntil, '2025-12-31', { validFrom: '2026-01-01' })).toBe('before');
    expect(check(validUntil, '2026-01-01', { validFrom: '2026-01-01' })).toBeUndefined();
    expect(check(validUntil, '2026-02-01', {})).toBeUndefined();
  });
});
