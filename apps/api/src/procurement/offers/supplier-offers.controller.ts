import { Controller, Query, Req } from '@nestjs/common';
import { FabquoteRequest } from '../../common/request-context';

import { GetRoute, listOf, ListRoute } from '../../openapi';
import { SupplierOffer, SupplierOfferPrice } from './supplier-offer.answer';
import { OFFERS, PRICES, SupplierOffersService } from './supplier-offers.service';
import { Id } from '../../common/id-param';

/** What suppliers submitted, every revision (`latest=true`: the ones that count); read-only for staff. */
@Controller('supplier-offers')
export class SupplierOffersController {
  constructor(private readonly offers: SupplierOffersService) {}

  @ListRoute('purchase-requests.view', SupplierOffer, listOf(OFFERS))
  list(@Query() query: Record<string, unknown>, @Req() request: FabquoteRequest) {
    return this.offers.listOffers(query, request.locale);
  }

  @GetRoute('purchase-requests.view', SupplierOffer)
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.offers.getOffer(id, request.locale);
  }
}

/** The unit prices of offers, per line asked and quantity; read-only for staff. */
@Controller('supplier-offer-prices')
export class SupplierOfferPricesController {
  constructor(private readonly offers: SupplierOffersService) {}

  @ListRoute('purchase-requests.view', SupplierOfferPrice, listOf(PRICES))
  list(@Query() query: Record<string, unknown>) {
    return this.offers.listPrices(query);
  }

  @GetRoute('purchase-requests.view', SupplierOfferPrice)
  get(@Id() id: string) {
    return this.offers.getPrice(id);
  }
}
