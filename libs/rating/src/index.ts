/**
 * @fabquote/rating: rates the offers of a purchase request (landed prices, price and delivery
 * bands, data completeness, stars, the trophy) with the pricing engine's exact decimals and
 * explanations in English and German. No I/O; the rules with worked examples are in README.md.
 */
export * from './types';
export { rateOffers } from './rate-offers';
export {
  BAND_SCORES,
  checkWeights,
  COMPLETENESS_POINTS,
  DEFAULT_WEIGHTS,
  DELIVERY_BAND_LIMITS,
  PRICE_BAND_LIMITS,
  STAR_THRESHOLDS,
  TROPHY_PERCENT,
} from './bands';
export type { WeightsProblem } from './bands';
export { RatingError } from './errors';
export { ratingWords } from './words';
export type { RatingWords } from './words';
