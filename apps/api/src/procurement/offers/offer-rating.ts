import { Locale } from '@fabquote/i18n';
import { OfferRating, RatingResult } from '@fabquote/rating';

/** The explanations of an offer's rating, in each language: rendered by libs/rating when rated, picked at read time. */
export type OfferExplanations = Record<Locale, OfferRating['explanations']>;

/** What `supplier_offers.rating` keeps beside the rating's columns. */
export interface StoredOfferRating {
  scores: OfferRating['scores'];
  completeness: OfferRating['completeness'];
  weights: RatingResult['weights'];
  explanations: OfferExplanations;
}
