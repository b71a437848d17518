import { allOf, array, choice, component, date, dateTime, integer, nullable, object, text, uuid } from '../common/openapi/answer-schema';
import { OFFER_PAGE_STATES } from './customer-offer-page';
import { ORDER_LINE_KINDS } from './item-price';
import { ORDER_STATUSES } from './order-status';
import { LETTERHEAD_FIELDS } from '../settings';

export const CustomerOfferQuestion = component('CustomerOfferQuestion', object({
  id: uuid(),
  question: text(),
  askedAt: dateTime(),
  answer: nullable(text()),
  answeredAt: nullable(dateTime()),
}));

export const CustomerOfferPage = component('CustomerOfferPage', object({
  organization: object({
    ...LETTERHEAD_FIELDS,
    vatId: nullable(text()),
    logo: nullable(text({ description: "The company profile's logo as a data URL (PNG or JPEG), or null." })),
    timeZone: text({ description: 'IANA; the page shows times in it, named.' }),
    currency: text(),
  }),
  offer: object({
    id: uuid(),
    status: choice(ORDER_STATUSES),
    language: choice(['en', 'de']),
    number: text(),
    name: nullable(text()),
    date: date(),
    validUntil: nullable(date()),
    requestNumber: nullable(text()),
    customerOrderNumber: nullable(text()),
    description: nullable(text()),
    currency: text(),
    customer: object({
      name: text(),
      addressLines: array(text()),
      contactName: nullable(text()),
    }),
  }),
  lines: array(object({
    kind: choice(ORDER_LINE_KINDS),
    position: nullable(integer()),
    productNumber: nullable(text()),
    name: text(),
    quantity: nullable(text({ description: 'An exact decimal, as the PDF prints it ("1234.5").' })),
    unit: nullable(text()),
    unitPrice: nullable(text({ description: 'An exact decimal, as the PDF prints it ("1234.5").' })),
    discountPercent: nullable(text({ description: 'An exact decimal, as the PDF prints it ("1234.5").' })),
    lineTotal: nullable(text({ description: 'An exact decimal, as the PDF prints it ("1234.5").' })),
  })),
  totals: object({
    valueOfGoods: text({ description: 'An exact decimal, as the PDF prints it ("1234.5").' }),
    commissionPercent: nullable(text({ description: 'An exact decimal, as the PDF prints it ("1234.5").' })),
    commission: nullable(text({ description: 'An exact decimal, as the PDF prints it ("1234.5").' })),
    subtotal: text({ description: 'An exact decimal, as the PDF prints it ("1234.5").' }),
    vatRate: text({ description: 'An exact decimal, as the PDF prints it ("1234.5").' }),
    vatAmount: text({ description: 'An exact decimal, as the PDF prints it ("1234.5").' }),
    totalWithVat: text({ description: 'An exact decimal, as the PDF prints it ("1234.5").' }),
  }),
  terms: object({
    paymentTerms: nullable(text()),
    shippingTerms: nullable(text()),
    shippingMethod: nullable(text()),
    shippingDate: nullable(date()),
    shippingDays: nullable(integer()),
    validUntil: nullable(date()),
  }),
  state: choice(OFFER_PAGE_STATES, { description: '`open` takes an answer and questions; the others are read-only and `reason` says why.' }),
  reason: nullable(text({ description: "Why the page is read-only, in the offer's language; null while open." })),
  acceptance: nullable(object({
    name: text(),
    customerOrderNumber: nullable(text()),
    note: nullable(text()),
    at: dateTime(),
  })),
  declineReason: nullable(text()),
  questions: array(CustomerOfferQuestion),
}));

export const CustomerOfferAnswered = component('CustomerOfferAnswered', allOf(CustomerOfferPage, object({
  message: text(),
})));

export const CustomerOfferQuestionAsked = component('CustomerOfferQuestionAsked', object({
  message: text(),
  question: CustomerOfferQuestion,
}));

export const OrderQuestion = component('OrderQuestion', object({
  id: uuid(),
  orderId: uuid(),
  question: text(),
  askedAt: dateTime(),
  answer: nullable(text()),
  answeredAt: nullable(dateTime()),
  answeredBy: nullable(uuid()),
}));

