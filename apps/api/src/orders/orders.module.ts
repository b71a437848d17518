import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '@fabquote/mail';
import { CustomerOfferAccess } from './customer-offer-access';
import { CustomerOfferRepository } from './customer-offer.repository';
import { CustomerOfferController, OrderQuestionsController } from './customer-offer.controller';
import { OfferAcceptedHandler, OfferAnsweredHandler, OfferMails, OrderQuestionAnsweredHandler, OrderQuestionAskedHandler } from './customer-offer.handlers';
import { CustomerOfferQuestionsService } from './customer-offer-questions.service';
import { CustomerOfferService } from './customer-offer.service';
import { Order, OrderItem, OrderStatusChange } from './order.entity';
import { OrderRepository } from './order.repository';
import { OrderItemsService } from './order-items.service';
import { OrderPdfController } from './order-pdf.controller';
import { OrderPdfMailHandler } from './order-pdf-mail.handler';
import { OrderPdfRepository } from './order-pdf.repository';
import { OrderPdfs } from './order-pdf.service';
import { OrderItemsController, OrdersController, OrderStatusChangesController } from './orders.controller';
import { OrdersService } from './orders.service';

/**
 * Orders (docs/api-orders.md): offers and orders to customers, their items with prices taken from
 * the products, statuses with their history, totals computed on every read, the offer's PDF. An area
 * with behaviour: entities and a repository. `OrderRepository` is exported for what reads orders
 * beside this area (the dashboard).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem, OrderStatusChange])],
  controllers: [OrdersController, OrderStatusChangesController, OrderItemsController, OrderPdfController, CustomerOfferController, OrderQuestionsController],
  providers: [OrderRepository, OrdersService, OrderItemsService, OrderPdfRepository, OrderPdfs, CustomerOfferRepository, CustomerOfferAccess, CustomerOfferService, CustomerOfferQuestionsService],
  exports: [OrderRepository],
})
export class OrdersModule {}

/** Orders' jobs, run by the worker: the order's PDF mailed to its contact (with the offer page's link), the offer page's mails. */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem, OrderStatusChange]), MailModule],
  providers: [
    OrderPdfRepository,
    OrderPdfs,
    CustomerOfferRepository,
    OrderPdfMailHandler,
    OfferMails,
    OfferAnsweredHandler,
    OfferAcceptedHandler,
    OrderQuestionAskedHandler,
    OrderQuestionAnsweredHandler,
  ],
})
export class OrdersJobsModule {}
