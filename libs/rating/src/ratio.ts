import { Decimal } from '@fabquote/pricing';

/**
 * A fraction of two exact decimals, the denominator above zero. A landed unit price
 * (price × q + costs) ÷ q, a coverage of 5 of 6 and a mean of three scores are fractions, and
 * a band or a star is decided by comparing them crosswise, so no 30-place quotient ever sits
 * at an edge: 4.20 + 7.50 ÷ 3 is exactly 105 % of 4.20 + 6.30 ÷ 3, not one unit off.
 * Exact while the inputs have the few places numeric columns keep (Decimal rounds products
 * beyond 30 places).
 */
export class Ratio {
  constructor(
    readonly numerator: Decimal,
    readonly denominator: Decimal,
  ) {}

  static of(value: Decimal | number): Ratio {
    return new Ratio(typeof value === 'number' ? Decimal.from(value) : value, ONE);
  }

  plus(other: Ratio): Ratio {
    // Sums of one quantity's cells share its denominator: keep it, rather than let it grow.
    if (this.denominator === other.denominator || this.denominator.eq(other.denominator)) return new Ratio(this.numerator.plus(other.numerator), this.denominator);
    return new Ratio(this.numerator.times(other.denominator).plus(other.numerator.times(this.denominator)), this.denominator.times(other.denominator));
  }

  times(factor: Decimal | number): Ratio {
    return new Ratio(this.numerator.times(factor), this.denominator);
  }

  over(divisor: Decimal | number): Ratio {
    return new Ratio(this.numerator, this.denominator.times(divisor));
  }

  comparedTo(other: Ratio): number {
    // The cells of one quantity share its Decimal: compare the numerators alone.
    if (this.denominator === other.denominator) return this.numerator.comparedTo(other.numerator);
    return this.numerator.times(other.denominator).comparedTo(other.numerator.times(this.denominator));
  }

  lte(other: Ratio): boolean {
    return this.comparedTo(other) <= 0;
  }

  gte(other: Ratio): boolean {
    return this.comparedTo(other) >= 0;
  }

  eq(other: Ratio): boolean {
    return this.comparedTo(other) === 0;
  }

  isZero(): boolean {
    return this.numerator.isZero();
  }

  /** `this ÷ whole × 100`, cut down to `places` from the exact fraction: a best that is 94.99… % of an offer never reads 95. `whole` is above zero. */
  shareOf(whole: Ratio, places: number): Decimal {
    const [a, b] = aligned(this.numerator.times(whole.denominator).times(HUNDRED), whole.numerator.times(this.denominator));
    return new Decimal((a * tenTo(places)) / b, places);
  }

  /** The value, a quotient to 30 places. */
  toDecimal(): Decimal {
    return this.denominator.eq(ONE) ? this.numerator : this.numerator.div(this.denominator);
  }

  /**
   * `(this − other) ÷ other × 100`, rounded up to `places` from the exact fraction, so the
   * figure shown agrees with the band decided exactly: 5 % plus a hair is 5.01, never 5.
   * `other` is above zero.
   */
  percentAbove(other: Ratio, places: number): Decimal {
    const [a, b] = aligned(this.numerator.times(other.denominator).times(HUNDRED), other.numerator.times(this.denominator));
    const dividend = a - b * 100n;
    const scaled = dividend * tenTo(places);
    const quotient = scaled / b;
    return new Decimal(scaled > 0n && scaled % b !== 0n ? quotient + 1n : quotient, places);
  }
}

const ONE = Decimal.from(1);

/** Both values' units at the same scale. */
function aligned(a: Decimal, b: Decimal): [bigint, bigint] {
  if (a.scale === b.scale) return [a.units, b.units];
  return a.scale > b.scale ? [a.units, b.units * tenTo(a.scale - b.scale)] : [a.units * tenTo(b.scale - a.scale), b.units];
}
const HUNDRED = Decimal.from(100);

const POWERS_OF_TEN: bigint[] = [];
function tenTo(exponent: number): bigint {
  return (POWERS_OF_TEN[exponent] ??= 10n ** BigInt(exponent));
}

/** The value rounded up (towards +∞) to `places`: a percentage shown never looks better than it is. */
export function roundedUp(value: Decimal, places: number): Decimal {
  if (value.scale <= places) return value;
  const divisor = tenTo(value.scale - places);
  const quotient = value.units / divisor;
  return new Decimal(value.units > 0n && value.units % divisor !== 0n ? quotient + 1n : quotient, places);
}

/** The value cut down (towards −∞) to `places`: a score shown never reaches stars it has not. */
export function cutDown(value: Decimal, places: number): Decimal {
  if (value.scale <= places) return value;
  const divisor = tenTo(value.scale - places);
  const quotient = value.units / divisor;
  return new Decimal(value.units < 0n && value.units % divisor !== 0n ? quotient - 1n : quotient, places);
}
