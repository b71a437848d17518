import { Controller, Req } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { FabquoteRequest } from '../common/request-context';
import { ApiSchemas, GetRoute } from '../openapi';
import { MaterialPrices } from './material-price.service';
import { Id } from '../common/id-param';

const decimal = (description: string, nullable = false): SchemaObject => ({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', nullable, description });
const date = (description: string, nullable = false): SchemaObject => ({ type: 'string', format: 'date', nullable, description });

export const MATERIAL_PRICE_SCHEMAS: Record<string, SchemaObject> = {
  MaterialPriceInEffect: {
    type: 'object',
    properties: {
      source: {
        type: 'string',
        enum: ['own', 'group_list', 'price_per_unit', 'none'],
        description: "`own`: its own dated price; `group_list`: its group's list at its thickness; `price_per_unit`; `none`: nothing but a price per unit of zero.",
      },
      unitPrice: decimal('The price per price unit the engine takes today, exact.'),
      currency: { type: 'string', example: 'EUR' },
      priceUnit: { type: 'string', enum: ['kg', 'm2', 'sheet', 'piece'] },
      date: date('Today, the day the price is in effect on.'),
      validFrom: date("The own or group price's valid-from; null for the price per unit.", true),
      groupId: { type: 'string', format: 'uuid', nullable: true },
      groupName: { type: 'string', nullable: true },
      thickness: decimal("The thickness it applies at: the material's height (mm); null when it has none.", true),
      quantity: decimal('The quantity it applies at (pieces): 1.'),
      pricePerUnitUsed: { type: 'boolean', description: "Whether the material's price per unit is the price taken: when not, changing it changes no price." },
      groupList: {
        type: 'array',
        description: "The group's price list valid today, latest valid-from first, at every thickness: what it covers.",
        items: {
          type: 'object',
          properties: {
            price: decimal('Per price unit.'),
            validFrom: date('Valid from.'),
            thicknessFrom: decimal('mm; null: open.', true),
            thicknessTo: decimal('mm; null: open.', true),
            minQuantity: decimal('Pieces; null: open.', true),
            maxQuantity: decimal('Pieces; null: open.', true),
          },
          required: ['price', 'validFrom', 'thicknessFrom', 'thicknessTo', 'minQuantity', 'maxQuantity'],
        },
      },
      explanation: { type: 'string', description: "The engine's words for the price, as a calculation's explanation says them, in the reader's language." },
      reason: { type: 'string', description: "Why this price applies, in the reader's language." },
    },
    required: ['source', 'unitPrice', 'currency', 'priceUnit', 'date', 'validFrom', 'groupId', 'groupName', 'thickness', 'quantity', 'pricePerUnitUsed', 'groupList', 'explanation', 'reason'],
  },
};

/** A material's price in effect today (docs/architecture.md "Master data and products"). */
@Controller('materials')
@ApiSchemas(MATERIAL_PRICE_SCHEMAS)
export class MaterialPriceController {
  constructor(private readonly prices: MaterialPrices) {}

  @GetRoute('materials.view', 'MaterialPriceInEffect', ':id/price-in-effect')
  inEffect(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.prices.inEffect(id, request.locale);
  }
}
