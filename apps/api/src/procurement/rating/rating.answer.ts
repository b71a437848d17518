import { boolean, choice, component, dateTime, integer, nullable, number, object, text, uuid } from '../../common/openapi/answer-schema';
import { OFFER_LINE_KINDS } from '../requests/asked-lines';

export const SupplierOfferRating = component('SupplierOfferRating', object({
  id: uuid(),
  purchaseRequestId: uuid(),
  supplierOfferId: uuid(),
  supplierId: uuid(),
  lineKind: nullable(choice(OFFER_LINE_KINDS)),
  lineId: nullable(uuid({ description: "The request's operation or part; null for the per-quantity row." })),
  position: integer({ minimum: 0, description: "The order within the offer: its quantities ascending, then its cells (lines in the request's order)." }),
  quantity: number({ exclusiveMinimum: true, minimum: 0 }),
  linesAsked: integer({ minimum: 1 }),
  linesPriced: integer({ minimum: 1 }),
  unitPrice: nullable(number({ minimum: 0, description: "The offer's unit price; null for the per-quantity row." })),
  landedUnitPrice: number({ minimum: 0, description: 'Unit price + (packaging + shipping + customs) ÷ quantity; per quantity the sum over the lines it prices.' }),
  bestLandedUnitPrice: number({ minimum: 0 }),
  best: boolean(),
  percentAboveBest: nullable(number({ minimum: 0, description: 'Rounded up to 2 decimals; null above a best of 0.' })),
  band: integer({ minimum: 1, maximum: 5, description: '1 within 5 % … 5 more than 50 % above the best.' }),
  competitive: nullable(boolean({ description: 'Per quantity: the best is at least 95 % of this landed price; null for a cell.' })),
  explanations: object({
    landed: nullable(text()),
    band: text(),
  }, { description: "In the reader's language." }),
  ratedAt: dateTime(),
}, { description: 'One asked quantity of an offer (`lineKind` and `lineId` null: its lines taken together) or one cell (a line at a quantity), as the rating job stored it.' }));

