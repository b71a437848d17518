import { choice, component, email, object, text } from '../common/openapi/answer-schema';

export const OrderPdfSending = component(
  'OrderPdfSending',
  object({ message: text({ example: 'Offer OR-2026-0001 is being mailed to eva@customer.example' }), to: email(), language: choice(['en', 'de']) }),
);
