import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import type { Response } from 'express';
import { attachmentHeader } from '../common/file-type';
import { Id } from '../common/id-param';
import { FabquoteRequest } from '../common/request-context';
import { OutsideTenant } from '../common/tenant-scope';
import { CurrentUser, Public, SignedInUser } from '../identity';
import { ApiReturns, ApiSchemas, GetRoute, listOf, ListRoute, schemaRef, UpdateRoute } from '../openapi';
import { offerVisit } from './customer-offer-access';
import { OFFER_PAGE_STATES } from './customer-offer-page';
import { CustomerOfferQuestionsService, ORDER_QUESTIONS } from './customer-offer-questions.service';
import { AcceptOfferDto, AnswerOrderQuestionDto, AskOfferQuestionDto, DeclineOfferDto } from './customer-offer.dto';
import { CustomerOfferService } from './customer-offer.service';
import { ORDER_STATUSES } from './order-status';

const string = { type: 'string' } as const;
const nullableString = { type: 'string', nullable: true } as const;
const decimal = { type: 'string', description: 'An exact decimal, as the PDF prints it ("1234.5").' } as const;
const nullableDecimal = { ...decimal, nullable: true } as const;
const uuid = { type: 'string', format: 'uuid' } as const;
const date = { type: 'string', format: 'date', nullable: true } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const object = (properties: Record<string, SchemaObject | { $ref: string }>, nullable = false): SchemaObject => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  ...(nullable ? { nullable: true } : {}),
});

const QUESTION = object({ id: uuid, question: string, askedAt: dateTime, answer: nullableString, answeredAt: { ...dateTime, nullable: true } });

/** What the customer's page reads and answers (docs/api-orders.md "The customer's offer page"). */
export const CUSTOMER_OFFER_SCHEMAS: Record<string, SchemaObject> = {
  CustomerOfferQuestion: QUESTION,
  CustomerOfferPage: object({
    organization: object({
      name: string,
      addressLines: { type: 'array', items: string },
      phone: nullableString,
      email: nullableString,
      website: nullableString,
      vatId: nullableString,
      logo: { ...nullableString, description: 'The company profile\'s logo as a data URL (PNG or JPEG), or null.' },
      timeZone: { ...string, description: 'IANA; the page shows times in it, named.' },
      currency: string,
    }),
    offer: object({
      id: uuid,
      status: { type: 'string', enum: [...ORDER_STATUSES] },
      language: { type: 'string', enum: ['en', 'de'] },
      number: string,
      name: nullableString,
      date: { type: 'string', format: 'date' },
      validUntil: date,
      requestNumber: nullableString,
      customerOrderNumber: nullableString,
      description: nullableString,
      currency: string,
      customer: object({ name: string, addressLines: { type: 'array', items: string }, contactName: nullableString }),
    }),
    lines: {
      type: 'array',
      items: object({
        kind: { type: 'string', enum: ['product', 'free', 'text'] },
        position: { type: 'integer', nullable: true },
        productNumber: nullableString,
        name: string,
        quantity: nullableDecimal,
        unit: nullableString,
        unitPrice: nullableDecimal,
        discountPercent: nullableDecimal,
        lineTotal: nullableDecimal,
      }),
    },
    totals: object({
      valueOfGoods: decimal,
      commissionPercent: nullableDecimal,
      commission: nullableDecimal,
      subtotal: decimal,
      vatRate: decimal,
      vatAmount: decimal,
      totalWithVat: decimal,
    }),
    terms: object({
      paymentTerms: nullableString,
      shippingTerms: nullableString,
      shippingMethod: nullableString,
      shippingDate: date,
      shippingDays: { type: 'integer', nullable: true },
      validUntil: date,
    }),
    state: { type: 'string', enum: [...OFFER_PAGE_STATES], description: '`open` takes an answer and questions; the others are read-only and `reason` says why.' },
    reason: { ...nullableString, description: 'Why the page is read-only, in the offer\'s language; null while open.' },
    acceptance: object({ name: string, customerOrderNumber: nullableString, note: nullableString, at: dateTime }, true),
    declineReason: nullableString,
    questions: { type: 'array', items: schemaRef('CustomerOfferQuestion') },
  }),
  CustomerOfferAnswered: { allOf: [schemaRef('CustomerOfferPage'), object({ message: string })] },
  CustomerOfferQuestionAsked: object({ message: string, question: schemaRef('CustomerOfferQuestion') }),
  OrderQuestion: object({ id: uuid, orderId: uuid, question: string, askedAt: dateTime, answer: nullableString, answeredAt: { ...dateTime, nullable: true }, answeredBy: { ...uuid, nullable: true } }),
};

const ApiThrottled = () =>
  ApiResponse({
    status: 429,
    description: 'Too many failed lookups from this address (20 in 15 minutes), or answers and questions of the offer (30 an hour): `too_many_requests`, `Retry-After`.',
    schema: schemaRef('ErrorBody'),
  });
const ApiNotOpen = () =>
  ApiResponse({ status: 409, description: 'Accepted, declined, expired or withdrawn: `offer_not_open`, the message saying why.', schema: schemaRef('ErrorBody') });

/**
 * The customer's offer page: no sign-in, the personal link is the key. Outside the request's transaction: the
 * service opens its own, so that a failed lookup is counted although it answers 404.
 */
@Controller('pub/offers/:id')
@ApiSchemas(CUSTOMER_OFFER_SCHEMAS)
@ApiParam({ name: 'id', schema: uuid })
@ApiQuery({ name: 'token', required: true, schema: string, description: 'The token of the latest offer mail, or of an answer mailed since.' })
@Public()
@OutsideTenant()
export class CustomerOfferController {
  constructor(private readonly offers: CustomerOfferService) {}

  @Get()
  @ApiReturns('CustomerOfferPage')
  @ApiThrottled()
  document(@Req() request: FabquoteRequest) {
    return this.offers.document(offerVisit(request));
  }

  @Get('pdf')
  @ApiProduces('application/pdf')
  @ApiReturns({ type: 'string', format: 'binary' })
  @ApiThrottled()
  async pdf(@Req() request: FabquoteRequest, @Res() response: Response) {
    const { pdf, fileName } = await this.offers.pdf(offerVisit(request));
    response.setHeader('Content-Disposition', attachmentHeader(fileName));
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.send(pdf);
  }

  @Post('accept')
  @HttpCode(200)
  @ApiReturns('CustomerOfferAnswered')
  @ApiNotOpen()
  @ApiThrottled()
  accept(@Body() input: AcceptOfferDto, @Req() request: FabquoteRequest) {
    return this.offers.accept(offerVisit(request), input);
  }

  @Post('decline')
  @HttpCode(200)
  @ApiReturns('CustomerOfferAnswered')
  @ApiNotOpen()
  @ApiThrottled()
  decline(@Body() input: DeclineOfferDto, @Req() request: FabquoteRequest) {
    return this.offers.decline(offerVisit(request), input);
  }

  @Post('questions')
  @HttpCode(201)
  @ApiReturns('CustomerOfferQuestionAsked', 201)
  @ApiNotOpen()
  @ApiThrottled()
  ask(@Body() input: AskOfferQuestionDto, @Req() request: FabquoteRequest) {
    return this.offers.ask(offerVisit(request), input);
  }
}

/** Customers' questions from their offer pages; staff answer them, and the customer gets the answer by mail and on the page. */
@Controller('order-questions')
export class OrderQuestionsController {
  constructor(private readonly questions: CustomerOfferQuestionsService) {}

  @ListRoute('orders.view', 'OrderQuestion', listOf(ORDER_QUESTIONS))
  list(@Query() query: Record<string, unknown>) {
    return this.questions.list(query);
  }

  @GetRoute('orders.view', 'OrderQuestion')
  get(@Id() id: string) {
    return this.questions.get(id);
  }

  @UpdateRoute('orders.update', 'OrderQuestion')
  answer(@Id() id: string, @Body() input: AnswerOrderQuestionDto, @CurrentUser() user: SignedInUser) {
    return this.questions.answer(id, input, user.id);
  }
}
