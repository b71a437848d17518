import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { attachmentHeader } from '../common/file-type';
import { Id } from '../common/id-param';
import { FabquoteRequest } from '../common/request-context';
import { OutsideTenant } from '../common/tenant-scope';
import { CurrentUser, Public, SignedInUser } from '../identity';
import { ApiReturns, GetRoute, listOf, ListRoute, UpdateRoute } from '../openapi';
import { binary } from '../common/openapi/answer-schema';
import { ErrorBody } from '../common/openapi/error.answer';
import { CustomerOfferAnswered, CustomerOfferPage, CustomerOfferQuestionAsked, OrderQuestion } from './customer-offer.answer';
import { offerVisit } from './customer-offer-access';
import { CustomerOfferQuestionsService, ORDER_QUESTIONS } from './customer-offer-questions.service';
import { AcceptOfferDto, AnswerOrderQuestionDto, AskOfferQuestionDto, DeclineOfferDto } from './customer-offer.dto';
import { CustomerOfferService } from './customer-offer.service';

const string = { type: 'string' } as const;
const uuid = { type: 'string', format: 'uuid' } as const;

const ApiThrottled = () =>
  ApiResponse({
    status: 429,
    description: 'Too many failed lookups from this address (20 in 15 minutes), or answers and questions of the offer (30 an hour): `too_many_requests`, `Retry-After`.',
    schema: ErrorBody,
  });
const ApiNotOpen = () =>
  ApiResponse({ status: 409, description: 'Accepted, declined, expired or withdrawn: `offer_not_open`, the message saying why.', schema: ErrorBody });

/**
 * The customer's offer page: no sign-in, the personal link is the key. Outside the request's transaction: the
 * service opens its own, so that a failed lookup is counted although it answers 404.
 */
@Controller('pub/offers/:id')
@ApiParam({ name: 'id', schema: uuid })
@ApiQuery({ name: 'token', required: true, schema: string, description: 'The token of the latest offer mail, or of an answer mailed since.' })
@Public()
@OutsideTenant()
export class CustomerOfferController {
  constructor(private readonly offers: CustomerOfferService) {}

  @Get()
  @ApiReturns(CustomerOfferPage)
  @ApiThrottled()
  document(@Req() request: FabquoteRequest) {
    return this.offers.document(offerVisit(request));
  }

  @Get('pdf')
  @ApiProduces('application/pdf')
  @ApiReturns(binary())
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
  @ApiReturns(CustomerOfferAnswered)
  @ApiNotOpen()
  @ApiThrottled()
  accept(@Body() input: AcceptOfferDto, @Req() request: FabquoteRequest) {
    return this.offers.accept(offerVisit(request), input);
  }

  @Post('decline')
  @HttpCode(200)
  @ApiReturns(CustomerOfferAnswered)
  @ApiNotOpen()
  @ApiThrottled()
  decline(@Body() input: DeclineOfferDto, @Req() request: FabquoteRequest) {
    return this.offers.decline(offerVisit(request), input);
  }

  @Post('questions')
  @HttpCode(201)
  @ApiReturns(CustomerOfferQuestionAsked, 201)
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

  @ListRoute('orders.view', OrderQuestion, listOf(ORDER_QUESTIONS))
  list(@Query() query: Record<string, unknown>) {
    return this.questions.list(query);
  }

  @GetRoute('orders.view', OrderQuestion)
  get(@Id() id: string) {
    return this.questions.get(id);
  }

  @UpdateRoute('orders.update', OrderQuestion)
  answer(@Id() id: string, @Body() input: AnswerOrderQuestionDto, @CurrentUser() user: SignedInUser) {
    return this.questions.answer(id, input, user.id);
  }
}
