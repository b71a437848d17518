import { Body, Controller, Query, Req } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { FabquoteRequest } from '../../common/request-context';
import { CurrentUser, SignedInUser } from '../../identity';
import { ActionRoute, ApiSchemas, DeleteRoute, GetRoute, listOf, ListRoute, schemaRef } from '../../openapi';
import { AwardOfferDto } from './award.dto';
import { AWARDS, AwardService } from './award.service';
import { Id } from '../../common/id-param';

const uuid = { type: 'string', format: 'uuid' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });
const row = (properties: Record<string, SchemaObject>): SchemaObject => ({ type: 'object', properties, required: Object.keys(properties) });

export const AWARD_SCHEMAS: Record<string, SchemaObject> = {
  PurchaseRequestAward: row({
    id: uuid,
    purchaseRequestId: uuid,
    supplierOfferId: uuid,
    revision: { type: 'integer', minimum: 1, description: 'The revision of the offer awarded.' },
    supplierId: uuid,
    supplierName: { type: 'string' },
    kind: { type: 'string', enum: ['operation', 'part'] },
    lineId: { ...uuid, description: 'The request\'s operation or part (`purchase-request-operations` / `purchase-request-parts`).' },
    productId: nullable(uuid),
    lineName: nullable({ type: 'string' }),
    suppliableId: nullable({ ...uuid, description: 'The supplier\'s suppliable the award wrote; null once deleted.' }),
    suppliableNumber: nullable({ type: 'string' }),
    bulkPrices: {
      type: 'array',
      description: 'This line\'s bands at landed cost, as the award wrote them.',
      items: row({ minQuantity: { type: 'number' }, maxQuantity: nullable({ type: 'number' }), unitPrice: { type: 'number', minimum: 0 } }),
    },
    awardedAt: dateTime,
    awardedBy: nullable(uuid),
    awardedByName: nullable({ type: 'string' }),
    withdrawnAt: nullable(dateTime),
    withdrawnBy: nullable(uuid),
    replacedBy: nullable({ ...uuid, description: 'The award that took the line over when it moved to another offer.' }),
    active: { type: 'boolean', description: 'Not withdrawn: the award that counts for the line.' },
  }),
  OfferAwarded: row({
    message: { type: 'string' },
    data: { type: 'array', items: schemaRef('PurchaseRequestAward') as SchemaObject },
    priceRises: {
      type: 'array',
      description: 'The products whose unit price rose at any tier with the award.',
      items: row({ productId: uuid, number: nullable({ type: 'string' }), name: { type: 'string' } }),
    },
  }),
  AwardPreview: row({
    data: row({
      currency: { type: 'string', description: 'ISO 4217 code of the organization\'s currency.' },
      products: {
        type: 'array',
        items: row({
          productId: uuid,
          number: nullable({ type: 'string' }),
          name: { type: 'string' },
          tiers: {
            type: 'array',
            items: row({
              quantity: { type: 'number' },
              before: nullable({ type: 'string', description: 'Unit price per piece before the award (decimal); null: not priced.' }),
              after: nullable({ type: 'string', description: 'Unit price per piece after the award (decimal); null: not priced.' }),
            }),
          },
          rises: { type: 'boolean' },
        }),
      },
      suppliables: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            suppliableId: nullable({ ...uuid, description: 'null: the award would create the supplier\'s suppliable.' }),
            supplierName: { type: 'string' },
            lineName: nullable({ type: 'string' }),
            kind: { type: 'string', enum: ['operation', 'part'] },
            cost: nullable({ type: 'string', description: 'Its current cost (decimal).' }),
            bulkPrices: {
              type: 'array',
              items: row({ minQuantity: { type: 'number' }, maxQuantity: nullable({ type: 'number' }), unitPrice: { type: 'string' } }),
            },
            action: { type: 'string', enum: ['switch-off', 'replace', 'keep'] },
          },
          required: ['suppliableId', 'supplierName', 'lineName', 'kind', 'cost', 'action'],
        },
      },
    }),
  }),
};

/** Awarding an offer, whole or per line (docs/api-procurement.md, "Procurement II: award"). */
@Controller('supplier-offers')
@ApiSchemas(AWARD_SCHEMAS)
export class AwardOfferController {
  constructor(private readonly awards: AwardService) {}

  @ActionRoute('purchase-requests.update', 'OfferAwarded', ':id/award')
  award(@Id() id: string, @Body() input: AwardOfferDto, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    return this.awards.award(id, input, user.id, request.locale);
  }

  /** What the award would do, written nowhere: affected products before/after, suppliables' fate. */
  @ActionRoute('purchase-requests.update', 'AwardPreview', ':id/award-preview')
  preview(@Id() id: string, @Body() input: AwardOfferDto, @CurrentUser() user: SignedInUser) {
    return this.awards.preview(id, input, user.id);
  }
}

/** Who was awarded what and when; withdrawing keeps the row (`withdrawnAt`). */
@Controller('purchase-request-awards')
export class PurchaseRequestAwardsController {
  constructor(private readonly awards: AwardService) {}

  @ListRoute('purchase-requests.view', 'PurchaseRequestAward', listOf(AWARDS))
  list(@Query() query: Record<string, unknown>) {
    return this.awards.list(query);
  }

  @GetRoute('purchase-requests.view', 'PurchaseRequestAward')
  get(@Id() id: string) {
    return this.awards.get(id);
  }

  @DeleteRoute('purchase-requests.update', 'PurchaseRequestAward')
  withdraw(@Id() id: string, @CurrentUser() user: SignedInUser) {
    return this.awards.withdraw(id, user.id);
  }
}
