import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { FabquoteRequest } from '../common/request-context';
import { CurrentUser, RequirePermission, SignedInUser } from '../identity';
import { ApiList, ApiReturns, ApiSchemas, listOf, schemaRef } from '../openapi';
import { REMINDER_FREQUENCIES } from './purchase-request.entity';
import { CreatePurchaseRequestDto, EmailPreviewQuery, SendPurchaseRequestDto, UpdatePurchaseRequestDto } from './purchase-request.dto';
import { LIST, PurchaseRequestsService } from './purchase-requests.service';
import { Id } from '../common/id-param';

const uuid = { type: 'string', format: 'uuid' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const count = { type: 'integer', readOnly: true } as const;
const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });
const row = (properties: Record<string, SchemaObject>): SchemaObject => ({ type: 'object', properties, required: Object.keys(properties) });

export const PURCHASE_REQUEST_SCHEMAS: Record<string, SchemaObject> = {
  PurchaseRequest: row({
    id: uuid,
    number: { type: 'string', readOnly: true, example: 'PR-2026-0001' },
    name: { type: 'string', maxLength: 255 },
    status: { type: 'string', enum: ['open', 'closed'], readOnly: true },
    closeSubmissionDeadline: dateTime,
    includeProductPreview: { type: 'boolean' },
    reminderFrequency: nullable({ type: 'string', enum: [...REMINDER_FREQUENCIES] }),
    additionalInformation: nullable({ type: 'string', maxLength: 255 }),
    createdBy: nullable(uuid),
    createdByName: nullable({ type: 'string' }),
    sentAt: nullable(dateTime),
    closedAt: nullable(dateTime),
    createdAt: dateTime,
    updatedAt: dateTime,
    productCount: count,
    supplierCount: count,
    operationCount: count,
    partCount: count,
    offerCount: { ...count, description: 'Suppliers that submitted an offer.' },
    openQuestionCount: count,
  }),
  PurchaseRequestSent: row({ message: { type: 'string' }, data: schemaRef('PurchaseRequest') as SchemaObject }),
  EmailPreview: row({ language: { type: 'string', enum: ['en', 'de'] }, subject: { type: 'string' }, text: { type: 'string' }, html: { type: 'string' } }),
};

@Controller('purchase-requests')
@ApiSchemas(PURCHASE_REQUEST_SCHEMAS)
export class PurchaseRequestsController {
  constructor(private readonly requests: PurchaseRequestsService) {}

  @Get()
  @RequirePermission('purchase-requests.view')
  @ApiList('PurchaseRequest', listOf(LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.requests.list(query);
  }

  @Get(':id')
  @RequirePermission('purchase-requests.view')
  @ApiReturns('PurchaseRequest')
  get(@Id() id: string) {
    return this.requests.get(id);
  }

  @Post()
  @RequirePermission('purchase-requests.create')
  @ApiReturns('PurchaseRequest', 201)
  create(@Body() input: CreatePurchaseRequestDto, @CurrentUser() user: SignedInUser) {
    return this.requests.create(input, user.id);
  }

  @Put(':id')
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequest')
  update(@Id() id: string, @Body() input: UpdatePurchaseRequestDto) {
    return this.requests.update(id, input);
  }

  @Delete(':id')
  @RequirePermission('purchase-requests.delete')
  @ApiReturns('PurchaseRequest')
  remove(@Id() id: string) {
    return this.requests.remove(id);
  }

  @Post(':id/send')
  @HttpCode(200)
  @RequirePermission('purchase-requests.send')
  @ApiReturns('PurchaseRequestSent')
  send(@Id() id: string, @Body() input: SendPurchaseRequestDto, @Req() request: FabquoteRequest) {
    return this.requests.send(id, input, request.locale);
  }

  @Post(':id/close')
  @HttpCode(200)
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequest')
  close(@Id() id: string) {
    return this.requests.close(id);
  }

  @Get(':id/email-preview')
  @RequirePermission('purchase-requests.view')
  @ApiReturns('EmailPreview')
  @ApiQuery({ name: 'language', required: false, schema: { type: 'string', enum: ['en', 'de'] }, description: "Else the supplier's language, else the organization's." })
  @ApiQuery({ name: 'supplierId', required: false, schema: uuid, description: "Else the request's first supplier." })
  emailPreview(@Id() id: string, @Query() query: EmailPreviewQuery, @Req() request: FabquoteRequest) {
    return this.requests.emailPreview(id, query, request.organization!);
  }
}
