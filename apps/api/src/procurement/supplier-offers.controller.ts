import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { RecordNotFound } from '../common/app-exception';
import { RequirePermission } from '../identity';
import { ApiList, ApiReturns, ApiSchemas, listOf } from '../openapi';
import { OFFERS, PRICES, SupplierOffersService } from './supplier-offers.service';

const Id = () => Param('id', new ParseUUIDPipe({ exceptionFactory: () => new RecordNotFound() }));

const uuid = { type: 'string', format: 'uuid' } as const;
const amount = { type: 'number', minimum: 0 } as const;
const object = (properties: Record<string, SchemaObject>): SchemaObject => ({ type: 'object', properties, required: Object.keys(properties) });

export const SUPPLIER_OFFER_SCHEMAS: Record<string, SchemaObject> = {
  SupplierOffer: object({
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

  @Get()
  @RequirePermission('purchase-requests.view')
  @ApiList('SupplierOffer', listOf(OFFERS))
  list(@Query() query: Record<string, unknown>) {
    return this.offers.listOffers(query);
  }

  @Get(':id')
  @RequirePermission('purchase-requests.view')
  @ApiReturns('SupplierOffer')
  get(@Id() id: string) {
    return this.offers.getOffer(id);
  }
}

/** The unit prices of offers, per line asked and quantity; read-only for staff. */
@Controller('supplier-offer-prices')
export class SupplierOfferPricesController {
  constructor(private readonly offers: SupplierOffersService) {}

  @Get()
  @RequirePermission('purchase-requests.view')
  @ApiList('SupplierOfferPrice', listOf(PRICES))
  list(@Query() query: Record<string, unknown>) {
    return this.offers.listPrices(query);
  }

  @Get(':id')
  @RequirePermission('purchase-requests.view')
  @ApiReturns('SupplierOfferPrice')
  get(@Id() id: string) {
    return this.offers.getPrice(id);
  }
}
