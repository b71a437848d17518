/** What a request asks prices for: its operations and its parts. */
export const OFFER_LINE_KINDS = ['operation', 'part'] as const;
export type OfferLineKind = (typeof OFFER_LINE_KINDS)[number];

/** A line asked: a request's operation or part, its quantities exact (numeric text). */
export interface AskedLine {
  kind: OfferLineKind;
  id: string;
  productId: string;
  productName: string;
  name: string | null;
  number: string | null;
  quantities: string[];
}
