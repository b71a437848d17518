import { component, dateTime, nullable, object, text, uuid } from '../../common/openapi/answer-schema';

export const PurchaseRequestQuestion = component(
  'PurchaseRequestQuestion',
  object({
    id: uuid(),
    purchaseRequestId: uuid(),
    supplierId: uuid(),
    supplierName: text(),
    question: text(),
    askedAt: dateTime(),
    answer: nullable(text()),
    answeredAt: nullable(dateTime()),
    answeredBy: nullable(uuid({ description: 'The user who answered last.' })),
  }),
);
