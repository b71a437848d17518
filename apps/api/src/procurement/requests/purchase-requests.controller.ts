import { Body, Controller, Query, Req } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { FabquoteRequest } from '../../common/request-context';
import { CurrentUser, SignedInUser } from '../../identity';
import { ActionRoute, CreateRoute, DeleteRoute, GetRoute, listOf, ListRoute, UpdateRoute } from '../../openapi';
import { EmailPreview, PurchaseRequest, PurchaseRequestSent } from './purchase-request.answer';
import { CreatePurchaseRequestDto, EmailPreviewQuery, SendPurchaseRequestDto, UpdatePurchaseRequestDto } from './purchase-request.dto';
import { LIST, PurchaseRequestsService } from './purchase-requests.service';
import { Id } from '../../common/id-param';

const uuid = { type: 'string', format: 'uuid' } as const;

@Controller('purchase-requests')
export class PurchaseRequestsController {
  constructor(private readonly requests: PurchaseRequestsService) {}

  @ListRoute('purchase-requests.view', PurchaseRequest, listOf(LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.requests.list(query);
  }

  @GetRoute('purchase-requests.view', PurchaseRequest)
  get(@Id() id: string) {
    return this.requests.get(id);
  }

  @CreateRoute('purchase-requests.create', PurchaseRequest)
  create(@Body() input: CreatePurchaseRequestDto, @CurrentUser() user: SignedInUser) {
    return this.requests.create(input, user.id);
  }

  @UpdateRoute('purchase-requests.update', PurchaseRequest)
  update(@Id() id: string, @Body() input: UpdatePurchaseRequestDto) {
    return this.requests.update(id, input);
  }

  @DeleteRoute('purchase-requests.delete', PurchaseRequest)
  remove(@Id() id: string) {
    return this.requests.remove(id);
  }

  @ActionRoute('purchase-requests.send', PurchaseRequestSent, ':id/send')
  send(@Id() id: string, @Body() input: SendPurchaseRequestDto, @Req() request: FabquoteRequest) {
    return this.requests.send(id, input, request.locale);
  }

  @ActionRoute('purchase-requests.update', PurchaseRequest, ':id/close')
  close(@Id() id: string) {
    return this.requests.close(id);
  }

  @GetRoute('purchase-requests.view', EmailPreview, ':id/email-preview')
  @ApiQuery({ name: 'language', required: false, schema: { type: 'string', enum: ['en', 'de'] }, description: "Else the supplier's language, else the organization's." })
  @ApiQuery({ name: 'supplierId', required: false, schema: uuid, description: "Else the request's first supplier." })
  emailPreview(@Id() id: string, @Query() query: EmailPreviewQuery, @Req() request: FabquoteRequest) {
    return this.requests.emailPreview(id, query, request.organization!);
  }
}
