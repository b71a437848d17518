import { parseQuantities, quantitiesText } from './quantities';

describe('quantities typed for a calculation', () => {
  it('reads whole numbers separated by commas, semicolons or spaces', () => {
    expect(parseQuantities('7, 49,1200')).toEqual([7, 49, 1200]);
    expect(parseQuantities(' 1 10\n100; 250 ')).toEqual([1, 10, 100, 250]);
    expect(parseQuantities('')).toEqual([]);
  });

  it('sends anything else as typed, for the API to name what is wrong', () => {
    expect(parseQuantities('10, 2.5, abc')).toEqual([10, '2.5', 'abc']);
    expect(parseQuantities('1000000000000000000')).toEqual(['1000000000000000000']);
  });

  it('shows quantities the way they are typed', () => {
    expect(quantitiesText([1, 5, 10])).toBe('1, 5, 10');
    expect(parseQuantities(quantitiesText([1, 5, 10]))).toEqual([1, 5, 10]);
  });
});
