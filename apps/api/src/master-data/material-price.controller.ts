import { Controller, Req } from '@nestjs/common';
import { FabquoteRequest } from '../common/request-context';
import { GetRoute } from '../openapi';
import { MaterialPriceInEffect } from './material-price.answer';
import { MaterialPrices } from './material-price.service';
import { Id } from '../common/id-param';

/** A material's price in effect today (docs/architecture.md "Master data and products"). */
@Controller('materials')
export class MaterialPriceController {
  constructor(private readonly prices: MaterialPrices) {}

  @GetRoute('materials.view', MaterialPriceInEffect, ':id/price-in-effect')
  inEffect(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.prices.inEffect(id, request.locale);
  }
}
