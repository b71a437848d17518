import { boolean, choice, component, date, dateTime, integer, nullable, number, object, text, uuid } from '../../common/openapi/answer-schema';

const amount = () => number({ minimum: 0 });
const band = (description: string) => integer({ minimum: 1, maximum: 5, description });
const score = (description?: string) => number({ minimum: 0, maximum: 100, ...(description ? { description } : {}) });

/** An offer's rating (libs/rating): figures, and the label and explanations in the reader's language. */
const OFFER_RATING = object(
  {
    rank: integer({ minimum: 1, description: '1 for the highest score; equal scores share a rank.' }),
    label: choice(['excellent', 'good', 'average', 'below-average', 'poor']),
    labelText: text({ description: "The label in the reader's language." }),
    score: score('The weighted score, cut to 2 decimals.'),
    priceBand: nullable(band('1 within 5 % of the best … 5 more than 50 % above; null when nothing asked is priced.')),
    deliveryBand: band('1 the shortest lead time … 5 more than 10 days longer or none given.'),
    completeness: score(),
    scores: object({ price: score(), delivery: score(), completeness: score() }),
    multipleTiers: boolean(),
    breakdown: object({ packaging: boolean(), shipping: boolean(), customs: boolean() }),
    pricesAsked: integer({ minimum: 0 }),
    pricesGiven: integer({ minimum: 0 }),
    weights: object({ price: amount(), delivery: amount(), completeness: amount() }),
    explanations: object({ price: text(), delivery: text(), completeness: text(), stars: text(), trophy: text() }),
    ratedAt: dateTime(),
  },
  { description: 'The offer\'s rating (docs/api-procurement.md, "Procurement II: the rating").' },
);

/** An offer as its supplier sees it too (the supplier's page): everything but the rating, which is staff's. */
export const SUPPLIER_OFFER_FIELDS = {
  id: uuid(),
  purchaseRequestId: uuid(),
  supplierId: uuid(),
  supplierName: text(),
  revision: integer({ minimum: 1 }),
  latest: boolean({ description: 'The revision that counts (one per request and supplier).' }),
  shippingDate: date(),
  packagingCost: amount(),
  shippingCost: amount(),
  customsCost: amount(),
  leadTimeDays: nullable(integer({ minimum: 0 })),
  additionalInformation: nullable(text()),
  language: choice(['en', 'de'], { description: "The language of the supplier's page when it submitted." }),
  submittedAt: dateTime(),
  revisions: integer({ description: 'How many revisions the supplier submitted to this request.' }),
};

export const SupplierOffer = component(
  'SupplierOffer',
  object({
    ...SUPPLIER_OFFER_FIELDS,
    stars: nullable(integer({ minimum: 1, maximum: 5, description: "The rating's stars; null until rated and for a revision that no longer counts." })),
    trophy: boolean({ description: "At every asked quantity the best landed price is at least 95 % of this offer's (and it prices every asked cell)." }),
    rating: nullable(OFFER_RATING),
  }),
);

export const SupplierOfferPrice = component(
  'SupplierOfferPrice',
  object({ id: uuid(), supplierOfferId: uuid(), purchaseRequestOperationId: nullable(uuid()), purchaseRequestPartId: nullable(uuid()), quantity: number(), unitPrice: amount() }),
);
