import { Injectable } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { FieldInvalid, RecordNotFound } from '../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../common/list-query';
import { AnswerOrderQuestionDto } from './customer-offer.dto';

const COLUMNS = `question.id AS "id", question.order_id AS "orderId", question.question AS "question", question.asked_at AS "askedAt",
  question.answer AS "answer", question.answered_at AS "answeredAt", question.answered_by AS "answeredBy"`;

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
    private readonly tenant: TenantTransactions,
    private readonly outbox: EventOutbox,
  ) {}

  // A subquery rather than the table: `readPage` would read entities otherwise (see procurement's `rowsOf`).
  private questions() {
    return this.tenant.manager().createQueryBuilder().select(COLUMNS).from('(SELECT * FROM order_questions)', 'question');
  }

  list(query: Record<string, unknown>): Promise<Page<Record<string, unknown>>> {
    return readPage(this.questions(), parseListRequest(query, ORDER_QUESTIONS), ORDER_QUESTIONS);
  }

  async get(id: string) {
    const row = await this.questions().where('question.id = :id', { id }).getRawOne<Record<string, unknown>>();
    if (!row) throw new RecordNotFound();
    return row;
  }

  /** Answering again replaces the answer, and the customer is told again. */
  async answer(id: string, input: AnswerOrderQuestionDto, userId: string) {
    const answer = input.answer.trim();
    if (!answer) throw new FieldInvalid('answer', 'answer_required');
    const [, updated] = await this.tenant
      .manager()
      .query(`UPDATE order_questions SET answer = $2, answered_at = now(), answered_by = $3, updated_at = now() WHERE id = $1`, [id, answer, userId]);
    if (!updated) throw new RecordNotFound();
    await this.outbox.emit('orders.question-answered', { questionId: id });
    return this.get(id);
  }
}
