import { Body, Controller, Query, Req, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiProduces } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import type { Response } from 'express';
import { attachmentHeader } from '../common/file-type';
import { MultipartUpload } from '../common/multipart-upload';
import { FabquoteRequest } from '../common/request-context';
import { CurrentUser, SignedInUser } from '../identity';
import { ActionRoute, ApiSchemas, CreateRoute, DeleteRoute, GetRoute, listOf, ListRoute, UpdateRoute } from '../openapi';
import { AddSurveyInputsDto, CreateSurveyDto, UpdateSurveyDto } from './survey.dto';
import { SURVEY_INPUT_STATUSES } from './survey.entity';
import { INPUTS_LIST, MAX_FILES_AT_ONCE, MAX_TEXT_LENGTH, SURVEY_PRODUCTS_LIST, SURVEYS_LIST, SurveysService, UploadedSurveyFile } from './surveys.service';
import { Id } from '../common/id-param';

const uuid = { type: 'string', format: 'uuid' } as const;
const text = { type: 'string' } as const;
const count = { type: 'integer', readOnly: true } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });
const row = (properties: Record<string, SchemaObject>): SchemaObject => ({ type: 'object', properties, required: Object.keys(properties) });

const INPUT: SchemaObject = row({
  id: uuid,
  surveyId: uuid,
  kind: { type: 'string', enum: ['file', 'text', 'audio'] },
  reader: { type: 'string', enum: ['cad', 'ai'], description: '`cad`: a DXF or STEP drawing read without AI; `ai`: read by the AI provider.' },
  fileName: nullable(text),
  contentType: nullable({ ...text, description: 'By content, never by name.' }),
  size: nullable({ type: 'integer' }),
  text: nullable({ ...text, description: "A text input's text; an audio input's transcript once made." }),
  status: { type: 'string', enum: SURVEY_INPUT_STATUSES, description: 'The processing result: created → processing → success or error.' },
  error: nullable({ ...text, description: "The error's message in the reader's language." }),
  errorDetail: nullable({ ...text, description: 'What went wrong, technically (English).' }),
  hasPreview: { type: 'boolean', description: "A DXF's drawing at `/survey-inputs/{id}/preview`." },
  warnings: { type: 'array', items: text, description: "What the reader assumed or left out (no unit, a frame, parts in cut-outs, …), in the reader's language." },
  productCount: count,
  createdBy: nullable(uuid),
  createdAt: dateTime,
  updatedAt: dateTime,
  finishedAt: nullable(dateTime),
});

export const SURVEY_SCHEMAS: Record<string, SchemaObject> = {
  Survey: row({
    id: uuid,
    number: { type: 'string', readOnly: true, example: 'SV-2026-0001' },
    title: { type: 'string', maxLength: 255 },
    source: { type: 'string', enum: ['staff', 'quote-page'], readOnly: true, description: '`quote-page`: made by a customer\'s request on the public quote page (filter `source`).' },
    quoteRequestId: nullable({ ...uuid, readOnly: true }),
    customerId: nullable(uuid),
    customerName: nullable({ ...text, readOnly: true }),
    inputCount: count,
    processingCount: { ...count, description: 'Inputs created or processing.' },
    errorCount: count,
    productCount: count,
    warningCount: { ...count, description: "The readers' warnings over the survey's inputs." },
    createdBy: nullable(uuid),
    createdByName: nullable(text),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
  SurveyQuoteRequest: row({
    id: uuid,
    company: text,
    name: text,
    email: text,
    quantities: { type: 'array', items: { type: 'integer' } },
    materialId: nullable(uuid),
    material: nullable({ ...text, description: 'The chosen material\'s name, or the material in the customer\'s words.' }),
    thickness: nullable({ type: 'number' }),
    note: nullable(text),
    language: { type: 'string', enum: ['en', 'de'] },
    createdAt: dateTime,
    currency: text,
    indicativePrices: { type: 'array', items: { $ref: '#/components/schemas/QuoteDrawing' }, description: 'Per drawing: `reading`, `priced` with its parts\' prices at the stated quantities, or `staff` with the reason.' },
  }),
  SurveyDetail: {
    allOf: [
      { $ref: '#/components/schemas/Survey' },
      row({ quoteRequest: { allOf: [{ $ref: '#/components/schemas/SurveyQuoteRequest' }], nullable: true, description: 'A survey from the quote page: what the customer asked and the indicative prices.' } as SchemaObject }),
    ],
  },
  SurveyInput: INPUT,
  SurveyInputsAdded: row({ data: { type: 'array', items: INPUT } }),
  SurveyAiStatus: row({ configured: { type: 'boolean' }, warning: { ...text, description: 'The warning of docs/product.md §1, in the reader\'s language.' } }),
  SurveyProduct: row({
    id: uuid,
    surveyId: uuid,
    surveyInputId: uuid,
    productId: uuid,
    productName: text,
    productNumber: text,
    productStatus: text,
    position: { type: 'integer' },
    quantity: nullable({ type: 'number', description: "The inquiry's quantity, if it says; a drawing of several parts: how many of this part the sheet (or assembly) holds." }),
    extracted: { type: 'object', additionalProperties: true, description: 'The values as read.' },
    confidence: { type: 'object', additionalProperties: { type: 'number' }, description: '0..1 per field.' },
    lowConfidence: { type: 'array', items: text, description: 'The fields read with a confidence under 0.6.' },
    unmatched: { type: 'array', items: text, description: '`material`: a material was read that the organization does not have.' },
    warnings: { type: 'array', items: text, description: "The warnings of the reader of the input it was made from (and its own), in the reader's language." },
    notPriced: { type: 'boolean', description: "Flagged by the plausibility check (the shop's part limits, a drawing's unit) and not calculated yet: staff check the part and calculate it." },
    createdAt: dateTime,
  }),
};

interface UploadedParts {
  files?: UploadedSurveyFile[];
  audio?: UploadedSurveyFile[];
}

/** Customer inquiries read into products (docs/api-surveys.md). */
@Controller('surveys')
@ApiSchemas(SURVEY_SCHEMAS)
export class SurveysController {
  constructor(private readonly surveys: SurveysService) {}

  @ListRoute('surveys.view', 'Survey', listOf(SURVEYS_LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.surveys.list(query);
  }

  /** Whether an AI provider is configured, and the warning to show before anything goes to it. */
  @GetRoute('surveys.view', 'SurveyAiStatus', 'ai-status')
  aiStatus(@Req() request: FabquoteRequest) {
    return this.surveys.aiStatus(request.locale);
  }

  @GetRoute('surveys.view', 'SurveyDetail')
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.show(id, request.locale);
  }

  @CreateRoute('surveys.create', 'Survey')
  create(@Body() input: CreateSurveyDto, @CurrentUser() user: SignedInUser) {
    return this.surveys.create(input, user.id);
  }

  @UpdateRoute('surveys.update', 'Survey')
  update(@Id() id: string, @Body() input: UpdateSurveyDto) {
    return this.surveys.update(id, input);
  }

  @DeleteRoute('surveys.delete', 'Survey')
  remove(@Id() id: string) {
    return this.surveys.remove(id);
  }

  @CreateRoute('surveys.update', 'SurveyInputsAdded', ':id/inputs')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(
    MultipartUpload({
      files: [
        { name: 'files', maxCount: MAX_FILES_AT_ONCE, tooMany: 'survey_too_many_files' },
        { name: 'audio', maxCount: 1, tooMany: 'survey_one_recording' },
      ],
      // 100,000 characters of up to four bytes each.
      textBytes: 4 * MAX_TEXT_LENGTH,
      tooLongText: { field: 'text', key: 'text_too_long' },
    }),
  )
  addInputs(@Id() id: string, @Body() input: AddSurveyInputsDto, @UploadedFiles() parts: UploadedParts | undefined, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    return this.surveys.addInputs(id, { files: parts?.files ?? [], audio: parts?.audio ?? [], text: input.text }, user, request.locale);
  }
}

/** A survey's inputs with their processing results (filter `surveyId`). */
@Controller('survey-inputs')
export class SurveyInputsController {
  constructor(private readonly surveys: SurveysService) {}

  @ListRoute('surveys.view', 'SurveyInput', listOf(INPUTS_LIST))
  list(@Query() query: Record<string, unknown>, @Req() request: FabquoteRequest) {
    return this.surveys.inputs(query, request.locale);
  }

  @GetRoute('surveys.view', 'SurveyInput')
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.input(id, request.locale);
  }

  @GetRoute('surveys.view', { type: 'string', format: 'binary' }, ':id/content')
  @ApiProduces('application/octet-stream')
  async content(@Id() id: string, @Res() response: Response) {
    const file = await this.surveys.content(id);
    response.setHeader('Content-Disposition', attachmentHeader(file.fileName));
    response.setHeader('Content-Type', file.contentType);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.send(file.content);
  }

  /** A DXF's drawing as SVG (no scripts: made by libs/cad, served with a policy that runs none). */
  @GetRoute('surveys.view', { type: 'string' }, ':id/preview')
  @ApiProduces('image/svg+xml')
  async preview(@Id() id: string, @Res() response: Response) {
    const svg = await this.surveys.preview(id);
    response.setHeader('Content-Type', 'image/svg+xml');
    response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.send(svg);
  }

  @ActionRoute('surveys.update', 'SurveyInput', ':id/stop')
  stop(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.stopInput(id, request.locale);
  }

  @ActionRoute('surveys.update', 'SurveyInput', ':id/retry')
  retry(@Id() id: string, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    return this.surveys.retryInput(id, user, request.locale);
  }

  @DeleteRoute('surveys.update', 'SurveyInput')
  remove(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.removeInput(id, request.locale);
  }
}

/** What each input made, with what was read (filter `surveyId`, `surveyInputId`, `productId`); the review drops what it does not want. */
@Controller('survey-products')
export class SurveyProductsController {
  constructor(private readonly surveys: SurveysService) {}

  @ListRoute('surveys.view', 'SurveyProduct', listOf(SURVEY_PRODUCTS_LIST))
  list(@Query() query: Record<string, unknown>, @Req() request: FabquoteRequest) {
    return this.surveys.surveyProducts(query, request.locale);
  }

  @GetRoute('surveys.view', 'SurveyProduct')
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.surveyProduct(id, request.locale);
  }

  /** Drops the survey product and the product it made (409 `survey_product_in_use` once an order, a purchase request or an assembly uses it). */
  @DeleteRoute('surveys.update', 'SurveyProduct')
  remove(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.dropSurveyProduct(id, request.locale);
  }
}
