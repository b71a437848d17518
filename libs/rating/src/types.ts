import type { Locale } from '@fabquote/i18n';

/** A decimal as a numeric column arrives (a string) or as a number. */
export type DecimalInput = string | number;

/** One line a purchase request asks prices for (an operation or a part), at its quantities. */
export interface AskedLine {
  lineId: string;
  /** The quantities asked for the line (its product's quantities), each above zero, each once. */
  quantities: DecimalInput[];
}

/** A supplier's unit price of one line at one quantity. */
export interface OfferPrice {
  lineId: string;
  quantity: DecimalInput;
  /** Empty (null or '') is a tier the supplier left open: not priced. */
  unitPrice: DecimalInput | null;
}

/** Which of the three extra costs the supplier filled in; a stored 0 may be a column's default. */
export interface BreakdownGiven {
  packaging: boolean;
  shipping: boolean;
  customs: boolean;
}

/** The latest revision of one supplier's offer. */
export interface OfferToRate {
  id: string;
  prices: OfferPrice[];
  /** Costs for the whole delivery, once per order; empty is 0. */
  packaging?: DecimalInput | null;
  shipping?: DecimalInput | null;
  customs?: DecimalInput | null;
  /** Default: each cost counts as given when it is not empty. */
  breakdownGiven?: BreakdownGiven;
  /** Whole days; empty when the supplier gave none. */
  leadTimeDays: number | null;
}

export interface RatingInput {
  /** In the request's order: the cells of an offer come in this order. */
  lines: AskedLine[];
  offers: OfferToRate[];
}

/** How much each of the three counts; an organization's setting. Only their ratios matter. */
export interface RatingWeights {
  price: DecimalInput;
  delivery: DecimalInput;
  completeness: DecimalInput;
}

export interface RatingOptions {
  /** The language of the explanations; default English. The ratings never depend on it. */
  language?: Locale;
}

/** 1 = within 5 % of the best (the best, ties), 2 = within 15 %, 3 = within 30 %, 4 = within 50 %, 5 = more than 50 % above. */
export type PriceBand = 1 | 2 | 3 | 4 | 5;

/** 1 = best or tied, 2 = within 2 days, 3 = within 5, 4 = within 10, 5 = more than 10 days longer or no lead time. */
export type DeliveryBand = 1 | 2 | 3 | 4 | 5;

export type Stars = 1 | 2 | 3 | 4 | 5;

/** The stars' names: 5 excellent … 1 poor. */
export type StarLabel = 'excellent' | 'good' | 'average' | 'below-average' | 'poor';

/** One line at one quantity, as one offer prices it. */
export interface CellRating {
  lineId: string;
  /** Plain decimal notation ("50", "2.5"). */
  quantity: string;
  unitPrice: string;
  /** unit price + (packaging + shipping + customs) ÷ quantity, exact (a quotient to 30 places). */
  landedUnitPrice: string;
  /** The lowest landed unit price any offer gives for this line and quantity. */
  bestLandedUnitPrice: string;
  /** The lowest, or tied with it. */
  best: boolean;
  /** Rounded up to 2 decimals, so it never reads as a better band than it is; null when the best is 0 and this is not. */
  percentAboveBest: string | null;
  band: PriceBand;
  explanations: { landed: string; band: string };
}

/** One asked quantity: the offer's cells at it taken together. */
export interface QuantityRating {
  quantity: string;
  /** Lines asked at this quantity, and how many of them the offer prices. */
  linesAsked: number;
  linesPriced: number;
  /** Sum of the offer's landed unit prices of the lines it prices at this quantity. */
  landedUnitPrice: string;
  /** Sum of the best landed unit prices of the same lines. */
  bestLandedUnitPrice: string;
  /** Best (or tied) in every line it prices here. */
  best: boolean;
  percentAboveBest: string | null;
  band: PriceBand;
  /** The best is at least 95 % of this offer's landed price here. */
  competitive: boolean;
  explanation: string;
}

export interface CompletenessRating {
  /** Some line priced at two or more quantities (or, where every line asks one, at its one). */
  multipleTiers: boolean;
  breakdown: BreakdownGiven;
  /** Asked (line, quantity) cells, and how many of them the offer prices. */
  pricesAsked: number;
  pricesGiven: number;
  /** 0–100, cut to 2 decimals. */
  score: string;
}

export interface OfferRating {
  id: string;
  /** 1 for the highest score; equal scores share a rank (1, 1, 3). */
  rank: number;
  stars: Stars;
  label: StarLabel;
  /** The label in the explanations' language. */
  labelText: string;
  /** The weighted score, 0–100, cut (never rounded up) to 2 decimals. */
  score: string;
  trophy: boolean;
  /** Null when the offer prices no asked quantity. */
  priceBand: PriceBand | null;
  deliveryBand: DeliveryBand;
  leadTimeDays: number | null;
  completeness: CompletenessRating;
  /** Each 0–100, cut to 2 decimals. */
  scores: { price: string; delivery: string; completeness: string };
  /** The asked quantities, ascending; one without a price of this offer is not listed. */
  perQuantity: QuantityRating[];
  /** The cells the offer prices, lines in the request's order, quantities ascending. */
  cells: CellRating[];
  explanations: { price: string; delivery: string; completeness: string; stars: string; trophy: string };
}

/** The best of one asked cell over all offers: the matrix marks it. */
export interface BestCell {
  lineId: string;
  quantity: string;
  /** Null when no offer prices the cell. */
  bestLandedUnitPrice: string | null;
  /** The offers with that price, by id. */
  offerIds: string[];
}

export interface RatingResult {
  /** Highest score first, then by id: the same whatever order the offers came in. */
  offers: OfferRating[];
  cells: BestCell[];
  /** The shortest lead time of all offers, null when none gave one. */
  shortestLeadTimeDays: number | null;
  /** The weights used, as given. */
  weights: { price: string; delivery: string; completeness: string };
}
