import { boolean, choice, component, dateTime, integer, nullable, object, text, uuid } from '../../common/openapi/answer-schema';
import { PURCHASE_REQUEST_STATUSES, REMINDER_FREQUENCIES } from '../shared/purchase-request.entity';

export const PurchaseRequest = component('PurchaseRequest', object({
  id: uuid(),
  number: text({ readOnly: true, example: 'PR-2026-0001' }),
  name: text({ maxLength: 255 }),
  status: choice(PURCHASE_REQUEST_STATUSES, { readOnly: true }),
  closeSubmissionDeadline: dateTime(),
  includeProductPreview: boolean(),
  reminderFrequency: nullable(choice(REMINDER_FREQUENCIES)),
  additionalInformation: nullable(text({ maxLength: 255 })),
  createdBy: nullable(uuid()),
  createdByName: nullable(text()),
  sentAt: nullable(dateTime()),
  closedAt: nullable(dateTime()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
  productCount: integer({ readOnly: true }),
  supplierCount: integer({ readOnly: true }),
  operationCount: integer({ readOnly: true }),
  partCount: integer({ readOnly: true }),
  offerCount: integer({ readOnly: true, description: 'Suppliers that submitted an offer.' }),
  openQuestionCount: integer({ readOnly: true }),
}));

export const PurchaseRequestSent = component('PurchaseRequestSent', object({
  message: text(),
  data: PurchaseRequest,
}));

export const EmailPreview = component('EmailPreview', object({
  language: choice(['en', 'de']),
  subject: text(),
  text: text(),
  html: text(),
}));

