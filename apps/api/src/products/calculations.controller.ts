import { Body, Controller, Query, Req } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { TenantTransactions, User } from '@fabquote/database';
import { FabquoteRequest } from '../common/request-context';
import { CurrentUser, SignedInUser } from '../identity';
import { CreateRoute, GetRoute, listOf, ListRoute } from '../openapi';
import { array } from '../common/openapi/answer-schema';
import { BulkPriceBand, Calculation, CalculationDetail, GeometryFigures, QuantityTiers } from './calculation.answer';
import { CalculationsService, LIST } from './calculations.service';
import { MAX_TIER_QUANTITY, MAX_TIERS, tierQuantities } from './tier-quantities';
import { Id } from '../common/id-param';


class CalculateDto {
  /** Checked by {@link tierQuantities}, which names what is wrong with a list more precisely than one decorator each could. */
  @IsOptional()
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'integer', minimum: 1, maximum: MAX_TIER_QUANTITY },
    minItems: 1,
    maxItems: MAX_TIERS,
    uniqueItems: true,
    nullable: true,
    description: "Whole pieces, each once; left out, the organization's `quantity-tiers`.",
    example: [7, 49, 1200],
  })
  quantities?: unknown;
}

class FromCalculationDto {
  @IsUUID('all', { message: 'unknown_reference' })
  calculationId: string;
}

@Controller()
export class CalculationsController {
  constructor(
    private readonly calculations: CalculationsService,
    private readonly tenant: TenantTransactions,
  ) {}

  /** "Calculate": prices the product now at the quantities asked for, else the organization's tiers, and stores the snapshot. */
  @CreateRoute('products.update', CalculationDetail, 'products/:id/calculations')
  async calculate(@Id() productId: string, @Body() input: CalculateDto, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    const quantities = tierQuantities(input.quantities);
    const { name } = await this.tenant.manager().getRepository(User).findOneByOrFail({ id: user.id });
    return this.calculations.calculate(productId, name, request.locale, quantities);
  }

  /** The quantities "Calculate" prices at when it is given none (the organization's `quantity-tiers`): what a form offers to start from. */
  @GetRoute('products.view', QuantityTiers, 'quantity-tiers')
  quantityTiers() {
    return this.calculations.quantityTiers();
  }

  @CreateRoute('products.update', array(BulkPriceBand), 'products/:id/bulk-prices/from-calculation')
  bulkPricesFrom(@Id() productId: string, @Body() input: FromCalculationDto) {
    return this.calculations.bulkPricesFrom(productId, input.calculationId);
  }

  @GetRoute('products.view', GeometryFigures, 'products/:id/geometry-figures')
  geometry(@Id() productId: string, @Req() request: FabquoteRequest) {
    return this.calculations.geometry(productId, request.locale);
  }

  @ListRoute('products.view', Calculation, listOf(LIST), 'calculations')
  list(@Query() query: Record<string, unknown>, @Req() request: FabquoteRequest) {
    return this.calculations.list(query, request.locale);
  }

  @GetRoute('products.view', CalculationDetail, 'calculations/:id')
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.calculations.get(id, request.locale);
  }
}
