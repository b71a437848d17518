import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PurchaseRequest, PurchaseRequestFile, PurchaseRequestOperation, PurchaseRequestPart, PurchaseRequestProduct, PurchaseRequestSupplier } from './purchase-request.entity';
import { PurchaseRequestQuestion, SupplierOffer, SupplierOfferPrice } from './supplier-offer.entity';

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
];

/**
 * Procurement (docs/api-procurement.md): purchase requests and what they ask, sending them, the
 * supplier's public page with its offers and questions. An area with behaviour: entities and repositories.
 */
@Module({
  imports: [TypeOrmModule.forFeature(ENTITIES)],
  controllers: [
    // staff: purchase requests and their children, files, send, email preview
    // supplier's page, offers, questions
  ],
  providers: [
    // staff
    // supplier's page, offers, questions
  ],
})
export class ProcurementModule {}

/** Procurement's jobs, run by the worker: the mail to each supplier, and the mails about questions. */
@Module({
  imports: [TypeOrmModule.forFeature(ENTITIES)],
  providers: [
    // invite-supplier
    // question-asked, question-answered
  ],
})
export class ProcurementJobsModule {}
