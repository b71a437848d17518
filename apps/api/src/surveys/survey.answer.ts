import { allOf, anyObject, array, boolean, choice, component, dateTime, dictionary, integer, nullable, number, object, text, uuid } from '../common/openapi/answer-schema';
import { QuoteDrawing } from './quote-request.answer';
import { SURVEY_INPUT_STATUSES } from './survey.entity';

export const Survey = component('Survey', object({
  id: uuid(),
  number: text({ readOnly: true, example: 'SV-2026-0001' }),
  title: text({ maxLength: 255 }),
  source: choice(['staff', 'quote-page'], { readOnly: true, description: "`quote-page`: made by a customer's request on the public quote page (filter `source`)." }),
  quoteRequestId: nullable(uuid({ readOnly: true })),
  customerId: nullable(uuid()),
  customerName: nullable(text({ readOnly: true })),
  inputCount: integer({ readOnly: true }),
  processingCount: integer({ readOnly: true, description: 'Inputs created or processing.' }),
  errorCount: integer({ readOnly: true }),
  productCount: integer({ readOnly: true }),
  warningCount: integer({ readOnly: true, description: "The readers' warnings over the survey's inputs." }),
  createdBy: nullable(uuid()),
  createdByName: nullable(text()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}));

export const SurveyQuoteRequest = component('SurveyQuoteRequest', object({
  id: uuid(),
  company: text(),
  name: text(),
  email: text(),
  quantities: array(integer()),
  materialId: nullable(uuid()),
  material: nullable(text({ description: "The chosen material's name, or the material in the customer's words." })),
  thickness: nullable(number()),
  note: nullable(text()),
  language: choice(['en', 'de']),
  createdAt: dateTime(),
  currency: text(),
  indicativePrices: array(QuoteDrawing, { description: "Per drawing: `reading`, `priced` with its parts' prices at the stated quantities, or `staff` with the reason." }),
}));

export const SurveyDetail = component('SurveyDetail', allOf(Survey, object({
  quoteRequest: nullable(SurveyQuoteRequest, { description: 'A survey from the quote page: what the customer asked and the indicative prices.' }),
})));

export const SurveyInput = component('SurveyInput', object({
  id: uuid(),
  surveyId: uuid(),
  kind: choice(['file', 'text', 'audio']),
  reader: choice(['cad', 'ai'], { description: '`cad`: a DXF or STEP drawing read without AI; `ai`: read by the AI provider.' }),
  fileName: nullable(text()),
  contentType: nullable(text({ description: 'By content, never by name.' })),
  size: nullable(integer()),
  text: nullable(text({ description: "A text input's text; an audio input's transcript once made." })),
  status: choice(SURVEY_INPUT_STATUSES, { description: 'The processing result: created → processing → success or error.' }),
  error: nullable(text({ description: "The error's message in the reader's language." })),
  errorDetail: nullable(text({ description: 'What went wrong, technically (English).' })),
  hasPreview: boolean({ description: "A DXF's drawing at `/survey-inputs/{id}/preview`." }),
  warnings: array(text(), { description: "What the reader assumed or left out (no unit, a frame, parts in cut-outs, …), in the reader's language." }),
  productCount: integer({ readOnly: true }),
  createdBy: nullable(uuid()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
  finishedAt: nullable(dateTime()),
}));

export const SurveyInputsAdded = component('SurveyInputsAdded', object({
  data: array(SurveyInput),
}));

export const SurveyAiStatus = component('SurveyAiStatus', object({
  configured: boolean(),
  warning: text({ description: "The warning of docs/product.md §1, in the reader's language." }),
}));

export const SurveyProduct = component('SurveyProduct', object({
  id: uuid(),
  surveyId: uuid(),
  surveyInputId: uuid(),
  productId: uuid(),
  productName: text(),
  productNumber: text(),
  productStatus: text(),
  position: integer(),
  quantity: nullable(number({ description: "The inquiry's quantity, if it says; a drawing of several parts: how many of this part the sheet (or assembly) holds." })),
  extracted: anyObject({ description: 'The values as read.' }),
  confidence: dictionary(number(), { description: '0..1 per field.' }),
  lowConfidence: array(text(), { description: 'The fields read with a confidence under 0.6.' }),
  unmatched: array(text(), { description: '`material`: a material was read that the organization does not have.' }),
  warnings: array(text(), { description: "The warnings of the reader of the input it was made from (and its own), in the reader's language." }),
  notPriced: boolean({ description: "Flagged by the plausibility check (the shop's part limits, a drawing's unit) and not calculated yet: staff check the part and calculate it." }),
  createdAt: dateTime(),
}));

