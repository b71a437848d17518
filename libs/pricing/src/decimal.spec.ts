import DecimalJs from 'decimal.js';
import { Decimal, optionalDecimal, PLACES, quickDecimal, quickOptionalDecimal, toCents, toDecimal } from './decimal';

/** decimal.js with far more digits than any value here has: the reference the engine's type is checked against. */
const Reference = DecimalJs.clone({ precision: 200, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -300, toExpPos: 300 });

/** A seeded generator of decimal strings: signs, leading zeros, up to 12 places, up to 9 digits before the point. */
function decimals(seed: number) {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  return () => {
    const whole = String(next() % 10 ** (next() % 10));
    const places = next() % 13;
    const fraction = Array.from({ length: places }, () => next() % 10).join('');
    return `${next() % 5 === 0 ? '-' : ''}${whole}${places ? `.${fraction}` : ''}`;
  };
}

const same = (actual: Decimal, expected: DecimalJs) => expect(actual.toFixed()).toBe(expected.toFixed());

describe('the engine decimal', () => {
  it('parses database numerics, JavaScript numbers and exponents', () => {
    expect(['1.2500', '-0.5', '.5', '12', '007.10', '1e-7', '-2.5E+3', '0'].map((text) => Decimal.from(text).toFixed())).toEqual([
      '1.25',
      '-0.5',
      '0.5',
      '12',
      '7.1',
      '0.0000001',
      '-2500',
      '0',
    ]);
    expect(Decimal.from(0.1).plus(Decimal.from(0.2)).toFixed()).toBe('0.3');
    expect(Decimal.from(1e21).toFixed()).toBe('1000000000000000000000');
    for (const bad of ['', '.', '1.2.3', 'abc', 'NaN', 'Infinity', '1e', '--1']) expect(() => Decimal.from(bad)).toThrow(SyntaxError);
    expect(() => optionalDecimal(Number.POSITIVE_INFINITY, 'Price')).toThrow('Price is not a finite number: Infinity');
    expect(() => optionalDecimal('12,50', 'Price')).toThrow('Price is not a number: 12,50');
  });

  it('adds, multiplies and compares exactly, as decimal.js does with 200 digits', () => {
    const random = decimals(11);
    for (let i = 0; i < 5000; i++) {
      const [a, b] = [random(), random()];
      const [x, y] = [Decimal.from(a), Decimal.from(b)];
      const [rx, ry] = [new Reference(a), new Reference(b)];
      same(x.plus(y), rx.plus(ry));
      same(x.times(y), rx.times(ry)); // at most 24 places: exact
      expect(x.comparedTo(y)).toBe(rx.comparedTo(ry));
      expect(x.isInteger()).toBe(rx.isInteger());
      expect(x.isZero()).toBe(rx.isZero());
    }
  });

  it('divides to 30 places, rounded half-up (away from zero), and cuts whole quotients towards zero', () => {
    const random = decimals(23);
    for (let i = 0; i < 5000; i++) {
      const [a, b] = [random(), random()];
      const [x, y] = [Decimal.from(a), Decimal.from(b)];
      if (y.isZero()) {
        expect(() => x.div(y)).toThrow('Division by zero');
        continue;
      }
      const quotient = new Reference(a).div(b);
      same(x.div(y), quotient.toDecimalPlaces(Math.max(PLACES, x.scale), DecimalJs.ROUND_HALF_UP));
      same(x.divToInt(y), quotient.trunc());
    }
    // 2 ÷ 3 rounds up in the last place, −2 ÷ 3 away from zero, 1 ÷ 3 down.
    expect(Decimal.from(2).div(3).toFixed()).toBe(`0.${'6'.repeat(29)}7`);
    expect(Decimal.from(-2).div(3).toFixed()).toBe(`-0.${'6'.repeat(29)}7`);
    expect(Decimal.from(1).div(3).toFixed()).toBe(`0.${'3'.repeat(30)}`);
  });

  it('divides to a number of places, rounding once, as decimal.js does', () => {
    const random = decimals(23);
    for (let i = 0; i < 5000; i++) {
      const [a, b] = [random(), random()];
      const [x, y] = [Decimal.from(a), Decimal.from(b)];
      if (y.isZero()) continue;
      const places = i % 7;
      same(x.divToPlaces(y, places), new Reference(a).div(b).toDecimalPlaces(places, DecimalJs.ROUND_HALF_UP));
    }
    // Half-up at the last place kept, away from zero; just under a half stays down.
    expect(Decimal.from('0.00005').divToPlaces(1, 4).toFixed()).toBe('0.0001');
    expect(Decimal.from('0.000049999').divToPlaces(1, 4).isZero()).toBe(true);
    expect(Decimal.from(2).divToPlaces(3, 4).toFixed()).toBe('0.6667');
    expect(Decimal.from(-1).divToPlaces(8, 2).toFixed()).toBe('-0.13');
  });

  it('gives the same digits on either side of 2^53, where its units move from a Number to a BigInt', () => {
    // 14 to 17 digits, many of them 9s: sums, products and scalings land just below and above 2^53 − 1.
    let state = 7;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
    const digits = (count: number) => Array.from({ length: count }, () => (next() % 3 === 0 ? next() % 10 : 9)).join('');
    const random = () => {
      const text = digits(14 + (next() % 4));
      const point = next() % (text.length + 1);
      return `${next() % 4 === 0 ? '-' : ''}${text.slice(0, point) || '0'}${point < text.length ? `.${text.slice(point)}` : ''}`;
    };
    for (let i = 0; i < 2000; i++) {
      const [a, b] = [random(), random()];
      const [x, y] = [Decimal.from(a), Decimal.from(b)];
      const [rx, ry] = [new Reference(a), new Reference(b)];
      same(x.plus(y), rx.plus(ry));
      same(x.plus(y).plus(y.times(-1)), rx);
      same(x.times(y), rx.times(ry).toDecimalPlaces(PLACES, DecimalJs.ROUND_HALF_UP));
      expect(x.comparedTo(y)).toBe(rx.comparedTo(ry));
      expect(x.plus(1).comparedTo(x)).toBe(1);
      same(x.toDecimalPlaces(i % 5), rx.toDecimalPlaces(i % 5, DecimalJs.ROUND_HALF_UP));
      expect(x.isInteger()).toBe(rx.isInteger());
      // A quotient's 30 places are a BigInt: mixed with a Number-sized value, the same digits.
      const third = Decimal.from(1).div(3);
      same(x.plus(third), rx.plus(new Reference(third.toFixed())));
    }
    expect(Decimal.from(Number.MAX_SAFE_INTEGER).plus(1).toFixed()).toBe('9007199254740992');
    expect(Decimal.from('-9007199254740991').plus(-1).toFixed()).toBe('-9007199254740992');
    expect(Decimal.from('94906267').times(Decimal.from('94906267')).toFixed()).toBe('9007199515875289');
    expect(Decimal.from('0.5').times(0).toFixed()).toBe('0');
    expect(Decimal.from('-0.5').times(0).isZero()).toBe(true);
    expect(Decimal.from('-0').toFixed()).toBe('0');
  });

  it('keeps 30 places of a product of two long quotients', () => {
    const third = Decimal.from(1).div(3);
    expect(third.times(third).toFixed()).toBe(`0.${'1'.repeat(30)}`);
    expect(Decimal.from(2).div(3).times(Decimal.from(2).div(3)).toFixed()).toBe(`0.${'4'.repeat(29)}5`);
  });

  it('rounds to the cent from the 20 places a result is exact to', () => {
    expect(toCents(Decimal.from('1.005')).toFixed()).toBe('1.01');
    expect(toCents(Decimal.from('1.0049999')).toFixed()).toBe('1');
    expect(toCents(Decimal.from('-1.005')).toFixed()).toBe('-1.01');
    // 100 ÷ 3 × 3 is 99.999…999 at 30 places: 100.00 to the cent, as the exact value is.
    expect(toCents(Decimal.from(100).div(3).times(3)).toFixed()).toBe('100');
    // Dust beyond the 20th place does not move a value that is not on a half cent.
    expect(toCents(Decimal.from(`2.004${'9'.repeat(15)}`)).toFixed()).toBe('2');
  });

  it('keeps a quotient that ends as its exact digits, so every later result is the one of the 30-place quotient', () => {
    const random = decimals(37);
    for (let i = 0; i < 5000; i++) {
      // Divisors made of 2s and 5s (and their powers of ten): the quotients end.
      const a = random();
      const b = ['4', '0.25', '125', '-8', '2.5', '1000000', '60', '0.016', '3125'][i % 9];
      const [x, y] = [Decimal.from(a), Decimal.from(b)];
      const quotient = new Reference(a).div(b).toDecimalPlaces(PLACES, DecimalJs.ROUND_HALF_UP);
      same(x.div(y), quotient);
      // Sums, products and quotients after it as after the 30-place quotient.
      same(x.div(y).times(Decimal.from('1.000000000000000000001')), quotient.times('1.000000000000000000001').toDecimalPlaces(PLACES, DecimalJs.ROUND_HALF_UP));
      same(x.div(y).div(7), quotient.div(7).toDecimalPlaces(PLACES, DecimalJs.ROUND_HALF_UP));
      same(x.div(y).plus(Decimal.from('0.000000000000000000000000000001')), quotient.plus('0.000000000000000000000000000001'));
    }
    expect(Decimal.from('30').div(25).toFixed()).toBe('1.2');
    expect(Decimal.from('-7').div(Decimal.from('0.016')).toFixed()).toBe('-437.5');
  });

  it('reads plain inputs quickly as toDecimal reads them, and leaves anything else to it', () => {
    const random = decimals(41);
    for (let i = 0; i < 2000; i++) {
      const text = random();
      expect(quickDecimal(text)?.toFixed()).toBe(toDecimal(text, 'x').toFixed());
    }
    for (const value of [12, -3, 0, 1.5, -0.07, 1e16, '1.2500', '-0.5', '.5', '+4']) expect(quickDecimal(value)?.toFixed()).toBe(toDecimal(value, 'x').toFixed());
    for (const value of [1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, '', ' 1', '1e-7', 'abc', '1.2.3']) expect(quickDecimal(value)).toBeUndefined();
    // Numbers with a fraction (a geometry's thicknesses and diameters) are read without their text: as their shortest text reads.
    let state = 43;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const numbers = [0.1 + 0.2, 1 / 3, Math.PI, 1.005, 2.675, 0.000001, 0.0000015, 99999999999999.9, 12345678901234.5, -0.5];
    for (let i = 0; i < 3000; i++) numbers.push(Math.floor(next() * 10 ** Math.floor(next() * 16)) / 10 ** Math.floor(next() * 16), (next() - 0.5) * 10 ** (Math.floor(next() * 20) - 8));
    for (const value of numbers) {
      const text = String(value);
      const quick = quickDecimal(value);
      if (text.includes('e')) expect(quick).toBeUndefined();
      else expect([quick?.toFixed(), quick?.scale]).toEqual([Decimal.from(text).toFixed(), Decimal.from(text).scale]);
    }
    expect(quickDecimal(0.00000015)).toBeUndefined();
    expect(quickOptionalDecimal(null)).toBeNull();
    expect(quickOptionalDecimal(undefined)).toBeNull();
    expect(quickOptionalDecimal('')).toBeUndefined();
  });
});
