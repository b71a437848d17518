import { Body, Controller, Query, Req } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { FabquoteRequest } from '../../common/request-context';
import { CurrentUser, SignedInUser } from '../../identity';
import { ActionRoute, ApiSchemas, CreateRoute, DeleteRoute, GetRoute, listOf, ListRoute, schemaRef, UpdateRoute } from '../../openapi';
import { REMINDER_FREQUENCIES } from '../shared/purchase-request.entity';
import { CreatePurchaseRequestDto, EmailPreviewQuery, SendPurchaseRequestDto, UpdatePurchaseRequestDto } from './purchase-request.dto';
import { LIST, PurchaseRequestsService } from './purchase-requests.service';
import { Id } from '../../common/id-param';

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

  @ListRoute('purchase-requests.view', 'PurchaseRequest', listOf(LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.requests.list(query);
  }

  @GetRoute('purchase-requests.view', 'PurchaseRequest')
  get(@Id() id: string) {
    return this.requests.get(id);
  }

  @CreateRoute('purchase-requests.create', 'PurchaseRequest')
  create(@Body() input: CreatePurchaseRequestDto, @CurrentUser() user: SignedInUser) {
    return this.requests.create(input, user.id);
  }

  @UpdateRoute('purchase-requests.update', 'PurchaseRequest')
  update(@Id() id: string, @Body() input: UpdatePurchaseRequestDto) {
    return this.requests.update(id, input);
  }

  @DeleteRoute('purchase-requests.delete', 'PurchaseRequest')
  remove(@Id() id: string) {
    return this.requests.remove(id);
  }

  @ActionRoute('purchase-requests.send', 'PurchaseRequestSent', ':id/send')
  send(@Id() id: string, @Body() input: SendPurchaseRequestDto, @Req() request: FabquoteRequest) {
    return this.requests.send(id, input, request.locale);
  }

  @ActionRoute('purchase-requests.update', 'PurchaseRequest', ':id/close')
  close(@Id() id: string) {
    return this.requests.close(id);
  }

  @GetRoute('purchase-requests.view', 'EmailPreview', ':id/email-preview')
  @ApiQuery({ name: 'language', required: false, schema: { type: 'string', enum: ['en', 'de'] }, description: "Else the supplier's language, else the organization's." })
  @ApiQuery({ name: 'supplierId', required: false, schema: uuid, description: "Else the request's first supplier." })
  emailPreview(@Id() id: string, @Query() query: EmailPreviewQuery, @Req() request: FabquoteRequest) {
    return this.requests.emailPreview(id, query, request.organization!);
  }
}
