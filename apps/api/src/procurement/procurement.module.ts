import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '@fabquote/mail';
import { MasterDataModule } from '../master-data';
import { ProductServicesModule } from '../products';
import { PurchaseRequest, PurchaseRequestFile, PurchaseRequestOperation, PurchaseRequestPart, PurchaseRequestProduct, PurchaseRequestSupplier } from './purchase-request.entity';
import { PurchaseRequestQuestion, SupplierOffer, SupplierOfferPrice } from './supplier-offer.entity';
import { AwardOfferController, PurchaseRequestAwardsController } from './award.controller';
import { PurchaseRequestAward } from './award.entity';
import { AwardService } from './award.service';
import { DueCheckHandler, DueCheckSchedule } from './deadline-check';
import { RankingMailHandler, RequestReopenedHandler } from './deadline.handlers';
import { PurchaseRequestDeadlines } from './deadline.service';
import { InviteSupplierHandler } from './invite-supplier.handler';
import { SupplierOfferRatingsController } from './rating.controller';
import { RateOffersHandler } from './rating.handler';
import { SupplierOfferRatingsService } from './rating-list.service';
import { OfferRatings } from './rating.service';
import { ProcurementClock } from './procurement-clock';
import { SupplierReminders } from './reminders.service';
import { PURCHASE_REQUEST_CHILD_CONTROLLERS } from './purchase-request-children.controller';
import { PurchaseRequestChildrenService } from './purchase-request-children.service';
import { PurchaseRequestRepository } from './purchase-request.repository';
import { PurchaseRequestsController } from './purchase-requests.controller';
import { PurchaseRequestsService } from './purchase-requests.service';
import { PurchaseRequestQuestionsController } from './purchase-request-questions.controller';
import { PurchaseRequestQuestionsService } from './purchase-request-questions.service';
import { QuestionAnsweredHandler, QuestionAskedHandler } from './question.handlers';
import { SupplierAccess } from './supplier-access';
import { SupplierOfferPricesController, SupplierOffersController } from './supplier-offers.controller';
import { SupplierOffersService } from './supplier-offers.service';
import { SupplierPageController } from './supplier-page.controller';
import { SupplierPageService } from './supplier-page.service';

const ENTITIES = [
  PurchaseRequest,
  PurchaseRequestProduct,
  PurchaseRequestSupplier,
  PurchaseRequestOperation,
  PurchaseRequestPart,
  PurchaseRequestFile,
  SupplierOffer,
  SupplierOfferPrice,
  PurchaseRequestQuestion,
  PurchaseRequestAward,
];

/**
 * Procurement (docs/api-procurement.md): purchase requests and what they ask, sending them, the
 * supplier's public page with its offers and questions. An area with behaviour: entities and repositories.
 */
@Module({
  imports: [TypeOrmModule.forFeature(ENTITIES), MasterDataModule, ProductServicesModule],
  controllers: [
    // staff: purchase requests and their children, files, send, email preview
    PurchaseRequestsController,
    ...PURCHASE_REQUEST_CHILD_CONTROLLERS,
    // supplier's page, offers, questions
    SupplierPageController,
    SupplierOffersController,
    SupplierOfferPricesController,
    PurchaseRequestQuestionsController,
    // award
    AwardOfferController,
    PurchaseRequestAwardsController,
    // the stored ratings
    SupplierOfferRatingsController,
  ],
  providers: [
    // staff
    PurchaseRequestRepository,
    PurchaseRequestsService,
    PurchaseRequestChildrenService,
    // supplier's page, offers, questions
    SupplierAccess,
    SupplierPageService,
    SupplierOffersService,
    PurchaseRequestQuestionsService,
    // award
    AwardService,
    // the stored ratings
    SupplierOfferRatingsService,
    // deadline: close early, reopen
    ProcurementClock,
    PurchaseRequestDeadlines,
  ],
})
export class ProcurementModule {}

/** Procurement's jobs, run by the worker: the mail to each supplier, and the mails about questions. */
@Module({
  imports: [TypeOrmModule.forFeature(ENTITIES), MailModule],
  providers: [
    // invite-supplier
    PurchaseRequestRepository,
    InviteSupplierHandler,
    // question-asked, question-answered
    QuestionAskedHandler,
    QuestionAnsweredHandler,
    // reminders and the deadline: the due check, its scheduler, the creator's ranking, the reopen mails
    ProcurementClock,
    PurchaseRequestDeadlines,
    SupplierReminders,
    DueCheckSchedule,
    DueCheckHandler,
    RankingMailHandler,
    RequestReopenedHandler,
    // the rating: every submit, revision and close rates the request's offers
    OfferRatings,
    RateOffersHandler,
  ],
})
export class ProcurementJobsModule {}
