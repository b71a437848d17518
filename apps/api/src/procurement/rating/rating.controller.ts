import { Controller, Query, Req } from '@nestjs/common';
import { FabquoteRequest } from '../../common/request-context';

import { GetRoute, listOf, ListRoute } from '../../openapi';
import { SupplierOfferRating } from './rating.answer';
import { RATINGS, SupplierOfferRatingsService } from './rating-list.service';
import { Id } from '../../common/id-param';

/** The stored ratings per asked quantity and per cell; read-only, written by the rating job. */
@Controller('supplier-offer-ratings')
export class SupplierOfferRatingsController {
  constructor(private readonly ratings: SupplierOfferRatingsService) {}

  @ListRoute('purchase-requests.view', SupplierOfferRating, listOf(RATINGS))
  list(@Query() query: Record<string, unknown>, @Req() request: FabquoteRequest) {
    return this.ratings.list(query, request.locale);
  }

  @GetRoute('purchase-requests.view', SupplierOfferRating)
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.ratings.get(id, request.locale);
  }
}
