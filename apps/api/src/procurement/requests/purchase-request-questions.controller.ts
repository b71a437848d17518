import { Body, Controller, Query } from '@nestjs/common';
import { CurrentUser, SignedInUser } from '../../identity';
import { ApiSchemas, GetRoute, listOf, ListRoute, UpdateRoute } from '../../openapi';
import { PurchaseRequestQuestionsService, QUESTIONS } from './purchase-request-questions.service';
import { AnswerQuestionDto } from './purchase-request-questions.dto';
import { Id } from '../../common/id-param';

const uuid = { type: 'string', format: 'uuid' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;

/** Suppliers' questions from their pages; staff answer them, and the supplier gets the answer by mail and on its page. */
@Controller('purchase-request-questions')
@ApiSchemas({
  PurchaseRequestQuestion: {
    type: 'object',
    properties: {
      id: uuid,
      purchaseRequestId: uuid,
      supplierId: uuid,
      supplierName: { type: 'string' },
      question: { type: 'string' },
      askedAt: dateTime,
      answer: { type: 'string', nullable: true },
      answeredAt: { ...dateTime, nullable: true },
      answeredBy: { ...uuid, nullable: true, description: 'The user who answered last.' },
    },
    required: ['id', 'purchaseRequestId', 'supplierId', 'supplierName', 'question', 'askedAt', 'answer', 'answeredAt', 'answeredBy'],
  },
})
export class PurchaseRequestQuestionsController {
  constructor(private readonly questions: PurchaseRequestQuestionsService) {}

  @ListRoute('purchase-requests.view', 'PurchaseRequestQuestion', listOf(QUESTIONS))
  list(@Query() query: Record<string, unknown>) {
    return this.questions.list(query);
  }

  @GetRoute('purchase-requests.view', 'PurchaseRequestQuestion')
  get(@Id() id: string) {
    return this.questions.get(id);
  }

  @UpdateRoute('purchase-requests.update', 'PurchaseRequestQuestion')
  answer(@Id() id: string, @Body() input: AnswerQuestionDto, @CurrentUser() user: SignedInUser) {
    return this.questions.answer(id, input, user);
  }
}
