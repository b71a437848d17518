import { Controller, Query, Req } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { FabquoteRequest } from '../../common/request-context';

import { ApiSchemas, GetRoute, listOf, ListRoute } from '../../openapi';
import { OFFERS, PRICES, SupplierOffersService } from './supplier-offers.service';
import { Id } from '../../common/id-param';

const uuid = { type: 'string', format: 'uuid' } as const;
const amount = { type: 'number', minimum: 0 } as const;
const object = (properties: Record<string, SchemaObject>): SchemaObject => ({ type: 'object', properties, required: Object.keys(properties) });

const band = { type: 'integer', minimum: 1, maximum: 5 } as const;
const score = { type: 'number', minimum: 0, maximum: 100 } as const;
const weights = object({ price: { type: 'number', minimum: 0 }, delivery: { type: 'number', minimum: 0 }, completeness: { type: 'number', minimum: 0 } });

/** An offer's rating (libs/rating): figures, and the label and explanations in the reader's language. */
const OFFER_RATING: SchemaObject = {
  ...object({
    rank: { type: 'integer', minimum: 1, description: '1 for the highest score; equal scores share a rank.' },
    label: { type: 'string', enum: ['excellent', 'good', 'average', 'below-average', 'poor'] },
    labelText: { type: 'string', description: 'The label in the reader\'s language.' },
    score: { ...score, description: 'The weighted score, cut to 2 decimals.' },
    priceBand: { ...band, nullable: true, description: '1 within 5 % of the best … 5 more than 50 % above; null when nothing asked is priced.' },
    deliveryBand: { ...band, description: '1 the shortest lead time … 5 more than 10 days longer or none given.' },
    completeness: score,
    scores: object({ price: score, delivery: score, completeness: score }),
    multipleTiers: { type: 'boolean' },
    breakdown: object({ packaging: { type: 'boolean' }, shipping: { type: 'boolean' }, customs: { type: 'boolean' } }),
    pricesAsked: { type: 'integer', minimum: 0 },
    pricesGiven: { type: 'integer', minimum: 0 },
    weights,
    explanations: object({ price: { type: 'string' }, delivery: { type: 'string' }, completeness: { type: 'string' }, stars: { type: 'string' }, trophy: { type: 'string' } }),
    ratedAt: { type: 'string', format: 'date-time' },
  }),
  description: 'The offer\'s rating (docs/api-procurement.md, "Procurement II: the rating").',
};

/** An offer as its supplier sees it too (the supplier's page): everything but the rating, which is staff's. */
export const SUPPLIER_OFFER_FIELDS = {
  id: uuid,
  purchaseRequestId: uuid,
  supplierId: uuid,
  supplierName: { type: 'string' },
  revision: { type: 'integer', minimum: 1 },
  latest: { type: 'boolean', description: 'The revision that counts (one per request and supplier).' },
  shippingDate: { type: 'string', format: 'date' },
  packagingCost: amount,
  shippingCost: amount,
  customsCost: amount,
  leadTimeDays: { type: 'integer', minimum: 0, nullable: true },
  additionalInformation: { type: 'string', nullable: true },
  language: { type: 'string', enum: ['en', 'de'], description: 'The language of the supplier\'s page when it submitted.' },
  submittedAt: { type: 'string', format: 'date-time' },
  revisions: { type: 'integer', description: 'How many revisions the supplier submitted to this request.' },
} satisfies Record<string, SchemaObject>;

export const SUPPLIER_OFFER_SCHEMAS: Record<string, SchemaObject> = {
  SupplierOffer: object({
    ...SUPPLIER_OFFER_FIELDS,
    stars: { type: 'integer', minimum: 1, maximum: 5, nullable: true, description: 'The rating\'s stars; null until rated and for a revision that no longer counts.' },
    trophy: { type: 'boolean', description: 'At every asked quantity the best landed price is at least 95 % of this offer\'s (and it prices every asked cell).' },
    rating: { ...OFFER_RATING, nullable: true },
  }),
  SupplierOfferPrice: object({
    id: uuid,
    supplierOfferId: uuid,
    purchaseRequestOperationId: { ...uuid, nullable: true },
    purchaseRequestPartId: { ...uuid, nullable: true },
    quantity: { type: 'number' },
    unitPrice: amount,
  }),
};

/** What suppliers submitted, every revision (`latest=true`: the ones that count); read-only for staff. */
@Controller('supplier-offers')
@ApiSchemas(SUPPLIER_OFFER_SCHEMAS)
export class SupplierOffersController {
  constructor(private readonly offers: SupplierOffersService) {}

  @ListRoute('purchase-requests.view', 'SupplierOffer', listOf(OFFERS))
  list(@Query() query: Record<string, unknown>, @Req() request: FabquoteRequest) {
    return this.offers.listOffers(query, request.locale);
  }

  @GetRoute('purchase-requests.view', 'SupplierOffer')
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.offers.getOffer(id, request.locale);
  }
}

/** The unit prices of offers, per line asked and quantity; read-only for staff. */
@Controller('supplier-offer-prices')
export class SupplierOfferPricesController {
  constructor(private readonly offers: SupplierOffersService) {}

  @ListRoute('purchase-requests.view', 'SupplierOfferPrice', listOf(PRICES))
  list(@Query() query: Record<string, unknown>) {
    return this.offers.listPrices(query);
  }

  @GetRoute('purchase-requests.view', 'SupplierOfferPrice')
  get(@Id() id: string) {
    return this.offers.getPrice(id);
  }
}
