import { Decimal } from '@fabquote/pricing';
import { Ratio } from './ratio';
import { DeliveryBand, PriceBand, RatingWeights, StarLabel, Stars } from './types';

/** Percent above the best each price band reaches, inclusive: exactly 5 % above is still band 1. Band 5 is the rest. */
export const PRICE_BAND_LIMITS = [5, 15, 30, 50] as const;

/** Days longer than the shortest lead time each delivery band reaches, inclusive; band 5 is the rest and no lead time. */
export const DELIVERY_BAND_LIMITS = [0, 2, 5, 10] as const;

/** The score of band 1 … 5, for price and delivery alike. */
export const BAND_SCORES = [100, 80, 60, 40, 20] as const;

/** The least score each number of stars needs, 5 stars first; below the last is 1 star. */
export const STAR_THRESHOLDS: ReadonlyArray<{ stars: Stars; from: number; label: StarLabel }> = [
  { stars: 5, from: 90, label: 'excellent' },
  { stars: 4, from: 75, label: 'good' },
  { stars: 3, from: 60, label: 'average' },
  { stars: 2, from: 40, label: 'below-average' },
];
export const LOWEST_STARS = { stars: 1 as Stars, label: 'poor' as StarLabel };

/** The least share of this offer's landed price the best must reach at every asked quantity for the trophy. */
export const TROPHY_PERCENT = 95;

/** Points of data completeness, 100 together: priced at several quantities, each extra cost given, the asked cells priced. */
export const COMPLETENESS_POINTS = { multipleTiers: 20, perCostGiven: 10, coverage: 50 } as const;

export const DEFAULT_WEIGHTS: RatingWeights = { price: '0.6', delivery: '0.25', completeness: '0.15' };

/** The band of a landed price against the best (both for the same cells): landed ≤ best × (100 + limit) ÷ 100. */
export function priceBandOf(landed: Ratio, best: Ratio): PriceBand {
  const scaled = landed.times(HUNDRED);
  const index = PRICE_BAND_FACTORS.findIndex((factor) => scaled.lte(best.times(factor)));
  return (index < 0 ? 5 : index + 1) as PriceBand;
}

const HUNDRED = Decimal.from(100);
/** 100 + each limit, parsed once: a request of 50 suppliers × 50 lines × 10 quantities bands 25,000 cells. */
const PRICE_BAND_FACTORS = PRICE_BAND_LIMITS.map((limit) => Decimal.from(100 + limit));

/** The band of a lead time against the shortest; no lead time is the worst. */
export function deliveryBandOf(leadTimeDays: number | null, shortest: number | null): DeliveryBand {
  if (leadTimeDays === null || shortest === null) return 5;
  const index = DELIVERY_BAND_LIMITS.findIndex((limit) => leadTimeDays - shortest <= limit);
  return (index < 0 ? 5 : index + 1) as DeliveryBand;
}

export function bandScore(band: PriceBand | DeliveryBand): number {
  return BAND_SCORES[band - 1];
}

/** The offer's price band from its mean price score: the band whose score is nearest, a tie going to the better one. */
export function priceBandOfScore(score: Ratio): PriceBand {
  const index = BAND_SCORES.findIndex((points) => score.gte(Ratio.of(points - 10)));
  return (index < 0 ? 5 : index + 1) as PriceBand;
}

export function starsOf(score: Ratio): { stars: Stars; label: StarLabel; from: number | null } {
  const reached = STAR_THRESHOLDS.find((threshold) => score.gte(Ratio.of(threshold.from)));
  return reached ?? { ...LOWEST_STARS, from: null };
}

/** What is wrong with weights an organization entered, or null: each a number of 0 or more, not all 0. */
export type WeightsProblem = { weight: keyof RatingWeights; problem: 'not-a-number' | 'negative' } | { weight: null; problem: 'all-zero' };

export function checkWeights(weights: RatingWeights): WeightsProblem | null {
  const names = ['price', 'delivery', 'completeness'] as const;
  let sum = Decimal.from(0);
  for (const weight of names) {
    const value = parsedWeight(weights[weight]);
    if (value === null) return { weight, problem: 'not-a-number' };
    if (value.lt(0)) return { weight, problem: 'negative' };
    sum = sum.plus(value);
  }
  return sum.isZero() ? { weight: null, problem: 'all-zero' } : null;
}

function parsedWeight(value: unknown): Decimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value !== 'number' && (typeof value !== 'string' || value.trim() === '')) return null;
  try {
    return Decimal.from(typeof value === 'string' ? value.trim() : value);
  } catch {
    return null;
  }
}
