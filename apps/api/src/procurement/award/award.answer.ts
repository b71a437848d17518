import { array, boolean, choice, component, dateTime, integer, nullable, number, object, text, uuid } from '../../common/openapi/answer-schema';
import { OFFER_LINE_KINDS } from '../requests/asked-lines';

export const PurchaseRequestAward = component('PurchaseRequestAward', object({
  id: uuid(),
  purchaseRequestId: uuid(),
  supplierOfferId: uuid(),
  revision: integer({ minimum: 1, description: 'The revision of the offer awarded.' }),
  supplierId: uuid(),
  supplierName: text(),
  kind: choice(OFFER_LINE_KINDS),
  lineId: uuid({ description: "The request's operation or part (`purchase-request-operations` / `purchase-request-parts`)." }),
  productId: nullable(uuid()),
  lineName: nullable(text()),
  suppliableId: nullable(uuid({ description: "The supplier's suppliable the award wrote; null once deleted." })),
  suppliableNumber: nullable(text()),
  bulkPrices: array(object({
    minQuantity: number(),
    maxQuantity: nullable(number()),
    unitPrice: number({ minimum: 0 }),
  }), { description: "This line's bands at landed cost, as the award wrote them." }),
  awardedAt: dateTime(),
  awardedBy: nullable(uuid()),
  awardedByName: nullable(text()),
  withdrawnAt: nullable(dateTime()),
  withdrawnBy: nullable(uuid()),
  replacedBy: nullable(uuid({ description: 'The award that took the line over when it moved to another offer.' })),
  active: boolean({ description: 'Not withdrawn: the award that counts for the line.' }),
}));

export const OfferAwarded = component('OfferAwarded', object({
  message: text(),
  data: array(PurchaseRequestAward),
  priceRises: array(object({
    productId: uuid(),
    number: nullable(text()),
    name: text(),
  }), { description: 'The products whose unit price rose at any tier with the award.' }),
}));

export const AwardPreview = component('AwardPreview', object({
  data: object({
    currency: text({ description: "ISO 4217 code of the organization's currency." }),
    products: array(object({
      productId: uuid(),
      number: nullable(text()),
      name: text(),
      tiers: array(object({
        quantity: number(),
        before: nullable(text({ description: 'Unit price per piece before the award (decimal); null: not priced.' })),
        after: nullable(text({ description: 'Unit price per piece after the award (decimal); null: not priced.' })),
      })),
      rises: boolean(),
    })),
    suppliables: array(object({
      suppliableId: nullable(uuid({ description: "null: the award would create the supplier's suppliable." })),
      supplierName: text(),
      lineName: nullable(text()),
      kind: choice(OFFER_LINE_KINDS),
      cost: nullable(text({ description: 'Its current cost (decimal).' })),
      bulkPrices: array(object({
        minQuantity: number(),
        maxQuantity: nullable(number()),
        unitPrice: text(),
      })),
      action: choice(['switch-off', 'replace', 'keep']),
    }, { optional: ['bulkPrices'] })),
  }),
}));

