import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { MultipartUpload } from '../common/multipart-upload';
import { clientAddress, FabquoteRequest, requireOrganization } from '../common/request-context';
import { OutsideTenant } from '../common/tenant-scope';
import { Public } from '../identity';
import { ApiReturns, ApiSchemas, schemaRef } from '../openapi';
import { QuoteRequestDto } from './quote-request.dto';
import { MAX_QUOTE_FILES } from './quote-request.rules';
import { QuoteRequestService, QuoteVisit } from './quote-request.service';
import { UploadedSurveyFile } from './survey-files';

const string = { type: 'string' } as const;
const nullableString = { type: 'string', nullable: true } as const;
const uuid = { type: 'string', format: 'uuid' } as const;
const object = (properties: Record<string, SchemaObject | { $ref: string }>): SchemaObject => ({ type: 'object', properties, required: Object.keys(properties) });
const decimal = { type: 'string', description: 'An exact decimal ("12.34").' } as const;

/** What the quote page reads and answers (docs/api-surveys.md "The quote-request page"). */
export const QUOTE_PAGE_SCHEMAS: Record<string, SchemaObject> = {
  QuotePage: object({
    organization: object({
      name: string,
      addressLines: { type: 'array', items: string },
      phone: nullableString,
      email: nullableString,
      website: nullableString,
      language: { type: 'string', enum: ['en', 'de'] },
    }),
    enabled: { type: 'boolean' },
    instantPrices: { type: 'boolean', description: 'A DXF drawing read without a warning is priced at once (indicative).' },
    materials: { type: 'array', items: object({ id: uuid, name: string, thicknesses: { type: 'array', items: { type: 'number' } } }) },
    limits: object({ maxFiles: { type: 'integer' }, maxFileBytes: { type: 'integer' }, accept: { type: 'array', items: string }, maxQuantities: { type: 'integer' } }),
    currency: string,
  }),
  QuoteRequestReceived: object({ id: uuid, token: { ...string, description: 'Opens the request\'s progress (`GET /pub/quote/{id}?token=`); shown once.' }, message: string }),
  QuoteIndicativePart: object({
    name: string,
    count: { type: 'number', nullable: true, description: 'How many of this part the drawing holds.' },
    tiers: { type: 'array', items: object({ quantity: { type: 'integer' }, unitPrice: decimal, totalPrice: decimal }) },
  }),
  QuoteProgress: object({
    id: uuid,
    company: string,
    name: string,
    quantities: { type: 'array', items: { type: 'integer' } },
    material: nullableString,
    thickness: { type: 'number', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
    instantPrices: { type: 'boolean' },
    currency: string,
    indicativeNote: { ...string, description: '"Indicative, confirmed by our offer", in the page\'s language.' },
    drawings: { type: 'array', items: schemaRef('QuoteDrawing') },
  }),
  QuoteDrawing: object({
    id: uuid,
    fileName: nullableString,
    state: { type: 'string', enum: ['reading', 'priced', 'staff'] },
    reason: { ...nullableString, description: 'Why staff will price it (or that it is being read), in the page\'s language.' },
    parts: { type: 'array', items: schemaRef('QuoteIndicativePart') },
  }),
};

const ApiNeutral404 = () => ApiResponse({ status: 404, description: 'The page is switched off, or the request and token open nothing: `not_found`.', schema: schemaRef('ErrorBody') });

const visitOf = (request: FabquoteRequest): QuoteVisit => ({ organization: requireOrganization(request), address: clientAddress(request), locale: request.locale });

interface UploadedParts {
  files?: UploadedSurveyFile[];
}

/**
 * The public quote-request page: no sign-in, the organization by host. Outside the request's transaction: the
 * service opens its own, so that a failed progress lookup is counted although it answers 404.
 */
@Controller('pub/quote')
@ApiSchemas(QUOTE_PAGE_SCHEMAS)
export class QuoteRequestController {
  constructor(private readonly quotes: QuoteRequestService) {}

  @Get()
  @Public()
  @OutsideTenant()
  @ApiReturns('QuotePage')
  @ApiNeutral404()
  page(@Req() request: FabquoteRequest) {
    return this.quotes.page(visitOf(request));
  }

  @Post()
  @HttpCode(201)
  @Public()
  @OutsideTenant()
  @ApiConsumes('multipart/form-data')
  @ApiReturns('QuoteRequestReceived', 201)
  @ApiNeutral404()
  @ApiResponse({ status: 429, description: 'More than 5 requests an hour from this address: `too_many_requests`, `Retry-After`.', schema: schemaRef('ErrorBody') })
  @UseInterceptors(MultipartUpload({ files: [{ name: 'files', maxCount: MAX_QUOTE_FILES, tooMany: 'quote_too_many_files' }], textBytes: 64 * 1024 }))
  submit(@Body() input: QuoteRequestDto, @UploadedFiles() parts: UploadedParts | undefined, @Req() request: FabquoteRequest) {
    return this.quotes.submit(visitOf(request), input, parts?.files ?? []);
  }

  @Get(':id')
  @Public()
  @OutsideTenant()
  @ApiQuery({ name: 'token', required: true, schema: { type: 'string' }, description: 'The token of `POST /pub/quote`\'s answer.' })
  @ApiReturns('QuoteProgress')
  @ApiNeutral404()
  @ApiResponse({ status: 429, description: 'Too many failed lookups from this address (20 in 15 minutes): `too_many_requests`, `Retry-After`.', schema: schemaRef('ErrorBody') })
  progress(@Param('id') id: string, @Query('token') token: unknown, @Req() request: FabquoteRequest) {
    return this.quotes.progress(visitOf(request), id, token);
  }
}
