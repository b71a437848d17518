import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query, Req } from '@nestjs/common';
import { IsOptional, IsUUID } from 'class-validator';
import { TenantTransactions, User } from '@fabquote/database';
import { RecordNotFound } from '../common/app-exception';
import { FabquoteRequest } from '../common/request-context';
import { CurrentUser, RequirePermission, SignedInUser } from '../identity/access';
import { CalculationsService } from './calculations.service';
import { tierQuantities } from './tier-quantities';

const Id = (name = 'id') => Param(name, new ParseUUIDPipe({ exceptionFactory: () => new RecordNotFound() }));

class CalculateDto {
  /** Checked by {@link tierQuantities}, which names what is wrong with a list more precisely than one decorator each could. */
  @IsOptional()
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
  @Post('products/:id/calculations')
  @RequirePermission('products.update')
  async calculate(@Id() productId: string, @Body() input: CalculateDto, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    const quantities = tierQuantities(input.quantities);
    const { name } = await this.tenant.manager().getRepository(User).findOneByOrFail({ id: user.id });
    return this.calculations.calculate(productId, name, request.locale, quantities);
  }

  /** The quantities "Calculate" prices at when it is given none (the organization's `quantity-tiers`): what a form offers to start from. */
  @Get('quantity-tiers')
  @RequirePermission('products.view')
  quantityTiers() {
    return this.calculations.quantityTiers();
  }

  @Post('products/:id/bulk-prices/from-calculation')
  @RequirePermission('products.update')
  bulkPricesFrom(@Id() productId: string, @Body() input: FromCalculationDto) {
    return this.calculations.bulkPricesFrom(productId, input.calculationId);
  }

  @Get('products/:id/geometry-figures')
  @RequirePermission('products.view')
  geometry(@Id() productId: string, @Req() request: FabquoteRequest) {
    return this.calculations.geometry(productId, request.locale);
  }

  @Get('calculations')
  @RequirePermission('products.view')
  list(@Query() query: Record<string, unknown>, @Req() request: FabquoteRequest) {
    return this.calculations.list(query, request.locale);
  }

  @Get('calculations/:id')
  @RequirePermission('products.view')
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.calculations.get(id, request.locale);
  }
}
