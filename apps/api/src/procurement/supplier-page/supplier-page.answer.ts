import { array, boolean, choice, component, dateTime, integer, nullable, number, object, text, uuid } from '../../common/openapi/answer-schema';
import { PURCHASE_REQUEST_STATUSES } from '../shared/purchase-request.entity';
import { SUPPLIER_OFFER_FIELDS } from '../offers/supplier-offer.answer';
import { OFFER_LINE_KINDS } from '../requests/asked-lines';

export const SupplierPagePrice = component('SupplierPagePrice', object({
  kind: choice(OFFER_LINE_KINDS),
  lineId: uuid(),
  quantity: number(),
  unitPrice: number(),
}));

export const SupplierPageOffer = component('SupplierPageOffer', object({
  ...SUPPLIER_OFFER_FIELDS,
  prices: array(SupplierPagePrice),
}));

export const SupplierPageQuestion = component('SupplierPageQuestion', object({
  id: uuid(),
  question: text(),
  askedAt: dateTime(),
  answer: nullable(text()),
  answeredAt: nullable(dateTime()),
}));

export const SupplierPage = component('SupplierPage', object({
  organization: object({
    name: text(),
    timeZone: text({ description: "The organization's time zone (IANA, e.g. Europe/Berlin; UTC when none is set): the page shows the deadline in it, the zone named, as the mails do." }),
    currency: text({ description: "The organization's currency (ISO 4217, e.g. EUR): every price and cost of the offer is in it." }),
  }),
  request: object({
    id: uuid(),
    number: text(),
    name: text(),
    closeSubmissionDeadline: dateTime(),
    additionalInformation: nullable(text()),
    includeProductPreview: boolean(),
    status: choice(PURCHASE_REQUEST_STATUSES),
  }),
  supplier: object({
    id: uuid(),
    name: text(),
    language: choice(['en', 'de']),
  }),
  submissionAllowed: boolean({ description: 'Open and before its deadline: the offer form may be submitted.' }),
  products: array(object({
    id: uuid(),
    productId: uuid(),
    name: text(),
    number: text(),
    quantities: array(number()),
    preview: nullable(object({
      materialName: nullable(text()),
      thickness: nullable(number()),
      blankWidth: nullable(number()),
      blankLength: nullable(number()),
      area: nullable(number()),
      weightPerUnit: nullable(number()),
      contours: integer(),
      holes: integer(),
      bends: integer(),
      drawing: nullable(text({ description: "The part's drawing as a standalone SVG (image/svg+xml), when the product was read from a DXF file of this one part: written again from the numbers of the DXF reader's preview, paths only, no script or external reference. Show it as an image." })),
    }, { description: 'Only when the request includes the product preview.' })),
  })),
  lines: array(object({
    kind: choice(OFFER_LINE_KINDS),
    id: uuid(),
    productId: uuid(),
    productName: text(),
    name: nullable(text()),
    number: nullable(text()),
    quantities: array(number(), { description: "The product's asked quantities times the pieces per product (operations: ×1)." }),
  })),
  files: array(object({
    id: uuid(),
    fileName: text(),
    contentType: text(),
    size: integer(),
  })),
  offer: nullable(SupplierPageOffer),
  questions: array(SupplierPageQuestion),
}));

export const OfferSubmitted = component('OfferSubmitted', object({
  message: text(),
  offer: SupplierPageOffer,
}));

export const QuestionAsked = component('QuestionAsked', object({
  message: text(),
  question: SupplierPageQuestion,
}));

