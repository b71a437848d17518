import { Body, Controller, Query, Req } from '@nestjs/common';
import { FabquoteRequest } from '../../common/request-context';
import { CurrentUser, SignedInUser } from '../../identity';
import { ActionRoute, DeleteRoute, GetRoute, listOf, ListRoute } from '../../openapi';
import { AwardPreview, OfferAwarded, PurchaseRequestAward } from './award.answer';
import { AwardOfferDto } from './award.dto';
import { AWARDS, AwardService } from './award.service';
import { Id } from '../../common/id-param';


/** Awarding an offer, whole or per line (docs/api-procurement.md, "Procurement II: award"). */
@Controller('supplier-offers')
export class AwardOfferController {
  constructor(private readonly awards: AwardService) {}

  @ActionRoute('purchase-requests.update', OfferAwarded, ':id/award')
  award(@Id() id: string, @Body() input: AwardOfferDto, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    return this.awards.award(id, input, user.id, request.locale);
  }

  /** What the award would do, written nowhere: affected products before/after, suppliables' fate. */
  @ActionRoute('purchase-requests.update', AwardPreview, ':id/award-preview')
  preview(@Id() id: string, @Body() input: AwardOfferDto, @CurrentUser() user: SignedInUser) {
    return this.awards.preview(id, input, user.id);
  }
}

/** Who was awarded what and when; withdrawing keeps the row (`withdrawnAt`). */
@Controller('purchase-request-awards')
export class PurchaseRequestAwardsController {
  constructor(private readonly awards: AwardService) {}

  @ListRoute('purchase-requests.view', PurchaseRequestAward, listOf(AWARDS))
  list(@Query() query: Record<string, unknown>) {
    return this.awards.list(query);
  }

  @GetRoute('purchase-requests.view', PurchaseRequestAward)
  get(@Id() id: string) {
    return this.awards.get(id);
  }

  @DeleteRoute('purchase-requests.update', PurchaseRequestAward)
  withdraw(@Id() id: string, @CurrentUser() user: SignedInUser) {
    return this.awards.withdraw(id, user.id);
  }
}
