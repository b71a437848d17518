import { Body, Controller, Get, HttpCode, Param, Post, Req, StreamableFile } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { FabquoteRequest } from '../../common/request-context';
import { attachmentHeader } from '../../common/file-type';
import { OutsideTenant } from '../../common/tenant-scope';
import { Public } from '../../identity';
import { ApiReturns, ApiSchemas, schemaRef } from '../../openapi';
import { pageVisit } from './supplier-access';
import { AskQuestionDto, SubmitOfferDto } from './supplier-page.dto';
import { SupplierPageService } from './supplier-page.service';
import { SUPPLIER_OFFER_FIELDS } from '../offers/supplier-offers.controller';

const string = { type: 'string' } as const;
const uuid = { type: 'string', format: 'uuid' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const numberOrNull = { type: 'number', nullable: true } as const;
const numbers = { type: 'array', items: { type: 'number' } } as const;
const object = (properties: Record<string, SchemaObject | { $ref: string }>): SchemaObject => ({ type: 'object', properties, required: Object.keys(properties) });
const lineKind: SchemaObject = { type: 'string', enum: ['operation', 'part'] };

/** What the supplier's page reads and answers (docs/api-procurement.md, "The supplier's page"). */
export const SUPPLIER_PAGE_SCHEMAS: Record<string, SchemaObject> = {
  SupplierPagePrice: object({ kind: lineKind, lineId: uuid, quantity: { type: 'number' }, unitPrice: { type: 'number' } }),
  SupplierPageOffer: object({ ...SUPPLIER_OFFER_FIELDS, prices: { type: 'array', items: schemaRef('SupplierPagePrice') } }),
  SupplierPageQuestion: object({ id: uuid, question: string, askedAt: dateTime, answer: { ...string, nullable: true }, answeredAt: { ...dateTime, nullable: true } }),
  SupplierPage: object({
    organization: object({
      name: string,
      timeZone: { ...string, description: 'The organization\'s time zone (IANA, e.g. Europe/Berlin; UTC when none is set): the page shows the deadline in it, the zone named, as the mails do.' },
      currency: { ...string, description: 'The organization\'s currency (ISO 4217, e.g. EUR): every price and cost of the offer is in it.' },
    }),
    request: object({
      id: uuid,
      number: string,
      name: string,
      closeSubmissionDeadline: dateTime,
      additionalInformation: { ...string, nullable: true },
      includeProductPreview: { type: 'boolean' },
      status: { type: 'string', enum: ['open', 'closed'] },
    }),
    supplier: object({ id: uuid, name: string, language: { type: 'string', enum: ['en', 'de'] } }),
    submissionAllowed: { type: 'boolean', description: 'Open and before its deadline: the offer form may be submitted.' },
    products: {
      type: 'array',
      items: object({
        id: uuid,
        productId: uuid,
        name: string,
        number: string,
        quantities: numbers,
        preview: {
          ...object({
            materialName: { ...string, nullable: true },
            thickness: numberOrNull,
            blankWidth: numberOrNull,
            blankLength: numberOrNull,
            area: numberOrNull,
            weightPerUnit: numberOrNull,
            contours: { type: 'integer' },
            holes: { type: 'integer' },
            bends: { type: 'integer' },
            drawing: {
              ...string,
              nullable: true,
              description:
                'The part\'s drawing as a standalone SVG (image/svg+xml), when the product was read from a DXF file of this one part: written again from the numbers of the DXF reader\'s preview, paths only, no script or external reference. Show it as an image.',
            },
          }),
          nullable: true,
          description: 'Only when the request includes the product preview.',
        },
      }),
    },
    lines: {
      type: 'array',
      items: object({
        kind: lineKind,
        id: uuid,
        productId: uuid,
        productName: string,
        name: { ...string, nullable: true },
        number: { ...string, nullable: true },
        quantities: { ...numbers, description: 'The product\'s asked quantities times the pieces per product (operations: ×1).' },
      }),
    },
    files: { type: 'array', items: object({ id: uuid, fileName: string, contentType: string, size: { type: 'integer' } }) },
    offer: { allOf: [schemaRef('SupplierPageOffer')], nullable: true } as SchemaObject,
    questions: { type: 'array', items: schemaRef('SupplierPageQuestion') },
  }),
  OfferSubmitted: object({ message: string, offer: schemaRef('SupplierPageOffer') }),
  QuestionAsked: object({ message: string, question: schemaRef('SupplierPageQuestion') }),
};

const ApiThrottled = () =>
  ApiResponse({
    status: 429,
    description: 'Too many failed lookups from this address (20 in 15 minutes), or submissions and questions (30 an hour): `too_many_requests`, `Retry-After`.',
    schema: schemaRef('ErrorBody'),
  });

/**
 * The supplier's public page: no sign-in, the personal link is the key. Outside the request's
 * transaction: the service opens its own, so that a failed lookup is counted although it answers 404.
 */
@Controller('pub/purchase-requests/:id/:supplierId')
@ApiSchemas(SUPPLIER_PAGE_SCHEMAS)
@ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' } })
@ApiParam({ name: 'supplierId', schema: { type: 'string', format: 'uuid' } })
@ApiQuery({
  name: 'token',
  required: true,
  schema: { type: 'string' },
  description: 'The token of the supplier\'s latest mail about this request, or of an earlier one while the supplier has submitted no offer since it was replaced.',
})
@ApiResponse({
  status: 410,
  description: 'The link was replaced by a newer mail and the supplier has submitted an offer since: `supplier_link_replaced`, saying a newer link was mailed.',
  schema: schemaRef('ErrorBody'),
})
export class SupplierPageController {
  constructor(private readonly page: SupplierPageService) {}

  @Get()
  @Public()
  @OutsideTenant()
  @ApiReturns('SupplierPage')
  @ApiThrottled()
  document(@Req() request: FabquoteRequest) {
    return this.page.document(pageVisit(request));
  }

  @Get('files/:fileId')
  @Public()
  @OutsideTenant()
  @ApiProduces('application/octet-stream')
  @ApiReturns({ type: 'string', format: 'binary' })
  @ApiThrottled()
  async file(@Param('fileId') fileId: string, @Req() request: FabquoteRequest) {
    const file = await this.page.file(pageVisit(request), fileId);
    return new StreamableFile(file.content, { type: file.contentType, disposition: attachmentHeader(file.fileName), length: file.content.length });
  }

  @Post('offers')
  @HttpCode(201)
  @Public()
  @OutsideTenant()
  @ApiReturns('OfferSubmitted', 201)
  @ApiResponse({ status: 409, description: 'After the deadline or a close: `submission_not_allowed`.', schema: schemaRef('ErrorBody') })
  @ApiThrottled()
  submitOffer(@Body() input: SubmitOfferDto, @Req() request: FabquoteRequest) {
    return this.page.submitOffer(pageVisit(request), input);
  }

  @Post('questions')
  @HttpCode(201)
  @Public()
  @OutsideTenant()
  @ApiReturns('QuestionAsked', 201)
  @ApiResponse({ status: 409, description: 'After the deadline or a close: `questions_not_allowed`.', schema: schemaRef('ErrorBody') })
  @ApiThrottled()
  ask(@Body() input: AskQuestionDto, @Req() request: FabquoteRequest) {
    return this.page.ask(pageVisit(request), input);
  }
}
