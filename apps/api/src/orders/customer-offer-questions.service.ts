import { Injectable } from '@nestjs/common';
import { EventOutbox } from '@fabquote/queue';
import { FieldInvalid, RecordNotFound } from '../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../common/list-query';
import { AnswerOrderQuestionDto } from './customer-offer.dto';
import { CustomerOfferRepository, OrderQuestionRow } from './customer-offer.repository';

export const ORDER_QUESTIONS: ListSpec = {
  sortable: { askedAt: 'question.asked_at', answeredAt: 'question.answered_at' },
  filters: { orderId: { uuid: 'question.order_id' } },
  searchable: ['question.question', 'question.answer'],
  defaultSort: 'askedAt',
};

/** Customers' questions from their offer pages, and staff's answers, which go back to the customer by mail (with a fresh link) and on the page. */
@Injectable()
export class CustomerOfferQuestionsService {
  constructor(
    private readonly pages: CustomerOfferRepository,
    private readonly outbox: EventOutbox,
  ) {}

  list(query: Record<string, unknown>): Promise<Page<OrderQuestionRow>> {
    return readPage(this.pages.questionsBuilder(), parseListRequest(query, ORDER_QUESTIONS), ORDER_QUESTIONS);
  }

  async get(id: string) {
    const row = await this.pages.staffQuestion(id);
    if (!row) throw new RecordNotFound();
    return row;
  }

  /** Answering again replaces the answer, and the customer is told again. */
  async answer(id: string, input: AnswerOrderQuestionDto, userId: string) {
    const answer = input.answer.trim();
    if (!answer) throw new FieldInvalid('answer', 'answer_required');
    if (!(await this.pages.answer(id, answer, userId))) throw new RecordNotFound();
    await this.outbox.emit('orders.question-answered', { questionId: id });
    return this.get(id);
  }
}
