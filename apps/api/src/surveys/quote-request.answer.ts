import { array, boolean, choice, component, dateTime, integer, nullable, number, object, text, uuid } from '../common/openapi/answer-schema';
import { LETTERHEAD_FIELDS } from '../settings';

export const QuotePage = component('QuotePage', object({
  organization: object({
    ...LETTERHEAD_FIELDS,
    language: choice(['en', 'de']),
  }),
  enabled: boolean(),
  instantPrices: boolean({ description: 'A DXF drawing read without a warning is priced at once (indicative).' }),
  materials: array(object({
    id: uuid(),
    name: text(),
    thicknesses: array(number()),
  })),
  limits: object({
    maxFiles: integer(),
    maxFileBytes: integer(),
    accept: array(text()),
    maxQuantities: integer(),
  }),
  currency: text(),
}));

export const QuoteRequestReceived = component('QuoteRequestReceived', object({
  id: uuid(),
  token: text({ description: "Opens the request's progress (`GET /pub/quote/{id}?token=`); shown once." }),
  message: text(),
}));

export const QuoteIndicativePart = component('QuoteIndicativePart', object({
  name: text(),
  count: nullable(number({ description: 'How many of this part the drawing holds.' })),
  tiers: array(object({
    quantity: integer(),
    unitPrice: text({ description: 'An exact decimal ("12.34").' }),
    totalPrice: text({ description: 'An exact decimal ("12.34").' }),
  })),
}));

export const QuoteDrawing = component('QuoteDrawing', object({
  id: uuid(),
  fileName: nullable(text()),
  state: choice(['reading', 'priced', 'staff']),
  reason: nullable(text({ description: "Why staff will price it (or that it is being read), in the page's language." })),
  parts: array(QuoteIndicativePart),
}));

export const QuoteProgress = component('QuoteProgress', object({
  id: uuid(),
  company: text(),
  name: text(),
  quantities: array(integer()),
  material: nullable(text()),
  thickness: nullable(number()),
  createdAt: dateTime(),
  instantPrices: boolean(),
  currency: text(),
  indicativeNote: text({ description: "\"Indicative, confirmed by our offer\", in the page's language." }),
  drawings: array(QuoteDrawing),
}));

