import { Injectable } from '@nestjs/common';
import { EventOutbox } from '@fabquote/queue';
import { FieldInvalid, RecordNotFound } from '../../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage, SqlFilter } from '../../common/list-query';
import { SignedInUser } from '../../identity';
import { AnswerQuestionDto } from './purchase-request-questions.dto';
import { PurchaseRequestQuestionRepository, QuestionRow } from './purchase-request-question.repository';

export const QUESTIONS: ListSpec = {
  sortable: { askedAt: 'question.asked_at', answeredAt: 'question.answered_at', supplierName: 'supplier.name' },
  filters: { purchaseRequestId: { uuid: 'question.purchase_request_id' }, supplierId: { uuid: 'question.supplier_id' }, answered: 'answered' },
  searchable: ['question.question', 'question.answer'],
  defaultSort: 'askedAt',
};

/** `answered=true`: the questions with an answer; `false`: those still open. */
const ANSWERED: Record<string, SqlFilter> = {
  answered: (values, param) => `(question.answer IS NOT NULL)::text = ANY(${param(values)})`,
};

/** Suppliers' questions from their pages, and staff's answers, which go back to the supplier by mail and on the page. */
@Injectable()
export class PurchaseRequestQuestionsService {
  constructor(
    private readonly questions: PurchaseRequestQuestionRepository,
    private readonly outbox: EventOutbox,
  ) {}

  list(query: Record<string, unknown>): Promise<Page<QuestionRow>> {
    return readPage(this.questions.listBuilder(), parseListRequest(query, QUESTIONS), QUESTIONS, ANSWERED);
  }

  async get(id: string) {
    const row = await this.questions.question(id);
    if (!row) throw new RecordNotFound();
    return row;
  }

  /** Answering again replaces the answer, and the supplier is told again. */
  async answer(id: string, input: AnswerQuestionDto, user: SignedInUser) {
    const answer = input.answer.trim();
    if (!answer) throw new FieldInvalid('answer', 'answer_required');
    if (!(await this.questions.answer(id, answer, user.id))) throw new RecordNotFound();
    await this.outbox.emit('procurement.question-answered', { questionId: id });
    return this.get(id);
  }
}
