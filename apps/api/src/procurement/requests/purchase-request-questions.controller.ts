import { Body, Controller, Query } from '@nestjs/common';
import { CurrentUser, SignedInUser } from '../../identity';
import { GetRoute, listOf, ListRoute, UpdateRoute } from '../../openapi';
import { PurchaseRequestQuestion } from './purchase-request-question.answer';
import { PurchaseRequestQuestionsService, QUESTIONS } from './purchase-request-questions.service';
import { AnswerQuestionDto } from './purchase-request-questions.dto';
import { Id } from '../../common/id-param';

/** Suppliers' questions from their pages; staff answer them, and the supplier gets the answer by mail and on its page. */
@Controller('purchase-request-questions')
export class PurchaseRequestQuestionsController {
  constructor(private readonly questions: PurchaseRequestQuestionsService) {}

  @ListRoute('purchase-requests.view', PurchaseRequestQuestion, listOf(QUESTIONS))
  list(@Query() query: Record<string, unknown>) {
    return this.questions.list(query);
  }

  @GetRoute('purchase-requests.view', PurchaseRequestQuestion)
  get(@Id() id: string) {
    return this.questions.get(id);
  }

  @UpdateRoute('purchase-requests.update', PurchaseRequestQuestion)
  answer(@Id() id: string, @Body() input: AnswerQuestionDto, @CurrentUser() user: SignedInUser) {
    return this.questions.answer(id, input, user);
  }
}
