import { parseQuantities, quantitiesText } from './quantities';

describe('quantities typed for a calculation', () => {
  it('reads whole numbers separated by "/", semicolons or spaces, in the chosen language', () => {
    expect(parseQuantities('7 / 49 / 1.200', 'de')).toEqual({ quantities: [7, 49, 1200] });
    expect(parseQuantities('7 / 49 / 1,200', 'en')).toEqual({ quantities: [7, 49, 1200] });
    expect(parseQuantities(' 1 10\n100; 250 ', 'de')).toEqual({ quantities: [1, 10, 100, 250] });
    expect(parseQuantities('7, 49, 1200', 'en')).toEqual({ quantities: [7, 49, 1200] });
    expect(parseQuantities('', 'de')).toEqual({ quantities: [] });
  });

  it('refuses what the language cannot read, and decimals, with the notation expected', () => {
    expect(parseQuantities('10 / 1.5', 'de')).toEqual({ error: { message: 'fabquote.numbers.ambiguous', args: { entry: '1.5', suggestion: '1,5', example: '1.234,56', thousand: '1.000' } } });
    expect(parseQuantities('10 / 2,5', 'de').error?.message).toBe('fabquote.numbers.whole');
    expect(parseQuantities('10 / abc', 'en').error?.message).toBe('fabquote.numbers.not_a_number');
  });

  it('sends a number too long to be one as its digits, for the API to name', () => {
    expect(parseQuantities('1000000000000000000', 'en')).toEqual({ quantities: ['1000000000000000000'] });
  });

  it('shows quantities the way they are read', () => {
    expect(quantitiesText([1, 5, 1000], 'de')).toBe('1 / 5 / 1.000');
    expect(quantitiesText([1, 5, 1000], 'en')).toBe('1 / 5 / 1,000');
    expect(parseQuantities(quantitiesText([1, 5, 1000], 'de'), 'de')).toEqual({ quantities: [1, 5, 1000] });
  });
});
