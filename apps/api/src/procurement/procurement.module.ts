import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '@fabquote/mail';
import { MasterDataModule } from '../master-data';
import { ProductServicesModule } from '../products';
import { PurchaseRequest, PurchaseRequestFile, PurchaseRequestOperation, PurchaseRequestPart, PurchaseRequestProduct, PurchaseRequestSupplier } from './shared/purchase-request.entity';
import { PurchaseRequestQuestion, SupplierOffer, SupplierOfferPrice } from './offers/supplier-offer.entity';
import { AwardOfferController, PurchaseRequestAwardsController } from './award/award.controller';
import { PurchaseRequestAward } from './award/award.entity';
import { AwardRepository } from './award/award.repository';
import { AwardService } from './award/award.service';
import { DueCheckHandler, DueCheckSchedule } from './deadline/deadline-check';
import { RankingMailHandler, RequestReopenedHandler } from './deadline/deadline.handlers';
import { DeadlineRepository } from './deadline/deadline.repository';
import { PurchaseRequestDeadlines } from './deadline/deadline.service';
import { InviteSupplierHandler } from './requests/invite-supplier.handler';
import { SupplierOfferRatingsController } from './rating/rating.controller';
import { RateOffersHandler } from './rating/rating.handler';
import { SupplierOfferRatingsService } from './rating/rating-list.service';
import { RatingRepository } from './rating/rating.repository';
import { OfferRatings } from './rating/rating.service';
import { ProcurementClock } from './shared/procurement-clock';
import { ReminderRepository } from './reminders/reminder.repository';
import { SupplierReminders } from './reminders/reminders.service';
import { PURCHASE_REQUEST_CHILD_CONTROLLERS } from './requests/purchase-request-children.controller';
import { PurchaseRequestChildrenService } from './requests/purchase-request-children.service';
import { PurchaseRequestRepository } from './shared/purchase-request.repository';
import { PurchaseRequestsController } from './requests/purchase-requests.controller';
import { PurchaseRequestsService } from './requests/purchase-requests.service';
import { PurchaseRequestQuestionsController } from './requests/purchase-request-questions.controller';
import { AskedLineRepository } from './requests/asked-line.repository';
import { PurchaseRequestQuestionRepository } from './requests/purchase-request-question.repository';
import { PurchaseRequestQuestionsService } from './requests/purchase-request-questions.service';
import { QuestionAnsweredHandler, QuestionAskedHandler } from './requests/question.handlers';
import { SupplierAccess } from './supplier-page/supplier-access';
import { SupplierOfferPricesController, SupplierOffersController } from './offers/supplier-offers.controller';
import { SupplierOfferRepository } from './offers/supplier-offer.repository';
import { SupplierOffersService } from './offers/supplier-offers.service';
import { SupplierPageController } from './supplier-page/supplier-page.controller';
import { SupplierPageRepository } from './supplier-page/supplier-page.repository';
import { SupplierPageService } from './supplier-page/supplier-page.service';

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
 * What the API's module and the jobs' module both use, registered once: the entities, the one clock every
 * "now" of procurement comes from, the purchase requests' repository and the close/reopen of a request. In
 * one application (`npm start`) both modules import this one module, so API and jobs share one clock.
 */
@Module({
  imports: [TypeOrmModule.forFeature(ENTITIES)],
  providers: [ProcurementClock, PurchaseRequestRepository, AskedLineRepository, PurchaseRequestQuestionRepository, DeadlineRepository, PurchaseRequestDeadlines],
  exports: [TypeOrmModule, ProcurementClock, PurchaseRequestRepository, AskedLineRepository, PurchaseRequestQuestionRepository, DeadlineRepository, PurchaseRequestDeadlines],
})
export class ProcurementCoreModule {}

/**
 * Procurement (docs/api-procurement.md): purchase requests and what they ask, sending them, the
 * supplier's public page with its offers and questions, the rating, the award. An area with behaviour:
 * entities and repositories. Each use case is a folder (requests/, supplier-page/, offers/, rating/,
 * award/, reminders/, deadline/; shared/ for the clock and the mails' layout).
 */
@Module({
  imports: [ProcurementCoreModule, MasterDataModule, ProductServicesModule],
  controllers: [
    // requests: purchase requests and their children, files, send, email preview
    PurchaseRequestsController,
    ...PURCHASE_REQUEST_CHILD_CONTROLLERS,
    // supplier-page, offers, and requests' staff side of the questions
    SupplierPageController,
    SupplierOffersController,
    SupplierOfferPricesController,
    PurchaseRequestQuestionsController,
    // award
    AwardOfferController,
    PurchaseRequestAwardsController,
    // rating: the stored ratings
    SupplierOfferRatingsController,
  ],
  providers: [
    // requests
    PurchaseRequestsService,
    PurchaseRequestChildrenService,
    PurchaseRequestQuestionsService,
    // supplier-page
    SupplierPageRepository,
    SupplierAccess,
    SupplierPageService,
    // offers
    SupplierOfferRepository,
    SupplierOffersService,
    // award
    AwardRepository,
    AwardService,
    // rating: the stored ratings
    RatingRepository,
    SupplierOfferRatingsService,
  ],
})
export class ProcurementModule {}

/**
 * Procurement's jobs, run by the worker: the mail to each supplier, the mails about questions, the
 * reminders and the deadline, the rating.
 */
@Module({
  imports: [ProcurementCoreModule, MailModule],
  providers: [
    // requests: invite-supplier, question-asked, question-answered
    InviteSupplierHandler,
    QuestionAskedHandler,
    QuestionAnsweredHandler,
    // reminders
    ReminderRepository,
    SupplierReminders,
    // deadline: the due check, its scheduler, the creator's ranking, the reopen mails
    DueCheckSchedule,
    DueCheckHandler,
    RankingMailHandler,
    RequestReopenedHandler,
    // rating: every submit, revision and close rates the request's offers
    RatingRepository,
    OfferRatings,
    RateOffersHandler,
  ],
})
export class ProcurementJobsModule {}
