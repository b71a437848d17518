import { Controller, Query, Req } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { FabquoteRequest } from '../../common/request-context';

import { ApiSchemas, GetRoute, listOf, ListRoute } from '../../openapi';
import { RATINGS, SupplierOfferRatingsService } from './rating-list.service';
import { Id } from '../../common/id-param';

const uuid = { type: 'string', format: 'uuid' } as const;
const price = { type: 'number', minimum: 0 } as const;

export const RATING_SCHEMAS: Record<string, SchemaObject> = {
  SupplierOfferRating: {
    type: 'object',
    description:
      'One asked quantity of an offer (`lineKind` and `lineId` null: its lines taken together) or one cell (a line at a quantity), as the rating job stored it.',
    properties: {
      id: uuid,
      purchaseRequestId: uuid,
      supplierOfferId: uuid,
      supplierId: uuid,
      lineKind: { type: 'string', enum: ['operation', 'part'], nullable: true },
      lineId: { ...uuid, nullable: true, description: 'The request\'s operation or part; null for the per-quantity row.' },
      position: { type: 'integer', minimum: 0, description: 'The order within the offer: its quantities ascending, then its cells (lines in the request\'s order).' },
      quantity: { type: 'number', exclusiveMinimum: true, minimum: 0 },
      linesAsked: { type: 'integer', minimum: 1 },
      linesPriced: { type: 'integer', minimum: 1 },
      unitPrice: { ...price, nullable: true, description: 'The offer\'s unit price; null for the per-quantity row.' },
      landedUnitPrice: { ...price, description: 'Unit price + (packaging + shipping + customs) ÷ quantity; per quantity the sum over the lines it prices.' },
      bestLandedUnitPrice: price,
      best: { type: 'boolean' },
      percentAboveBest: { type: 'number', minimum: 0, nullable: true, description: 'Rounded up to 2 decimals; null above a best of 0.' },
      band: { type: 'integer', minimum: 1, maximum: 5, description: '1 within 5 % … 5 more than 50 % above the best.' },
      competitive: { type: 'boolean', nullable: true, description: 'Per quantity: the best is at least 95 % of this landed price; null for a cell.' },
      explanations: {
        type: 'object',
        properties: { landed: { type: 'string', nullable: true }, band: { type: 'string' } },
        required: ['landed', 'band'],
        description: 'In the reader\'s language.',
      },
      ratedAt: { type: 'string', format: 'date-time' },
    },
    required: [
      'id', 'purchaseRequestId', 'supplierOfferId', 'supplierId', 'lineKind', 'lineId', 'position', 'quantity', 'linesAsked', 'linesPriced',
      'unitPrice', 'landedUnitPrice', 'bestLandedUnitPrice', 'best', 'percentAboveBest', 'band', 'competitive', 'explanations', 'ratedAt',
    ],
  },
};

/** The stored ratings per asked quantity and per cell; read-only, written by the rating job. */
@Controller('supplier-offer-ratings')
@ApiSchemas(RATING_SCHEMAS)
export class SupplierOfferRatingsController {
  constructor(private readonly ratings: SupplierOfferRatingsService) {}

  @ListRoute('purchase-requests.view', 'SupplierOfferRating', listOf(RATINGS))
  list(@Query() query: Record<string, unknown>, @Req() request: FabquoteRequest) {
    return this.ratings.list(query, request.locale);
  }

  @GetRoute('purchase-requests.view', 'SupplierOfferRating')
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.ratings.get(id, request.locale);
  }
}
