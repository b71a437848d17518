import { Injectable } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { FieldInvalid, RecordNotFound } from '../../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage, SqlFilter } from '../../common/list-query';
import { SignedInUser } from '../../identity';
import { rowsOf } from '../shared/table-rows';
import { AnswerQuestionDto } from './purchase-request-questions.dto';

const COLUMNS = `question.id AS "id", question.purchase_request_id AS "purchaseRequestId", question.supplier_id AS "supplierId",
  supplier.name AS "supplierName", question.question AS "question", question.asked_at AS "askedAt", question.answer AS "answer",
  question.answered_at AS "answeredAt", question.answered_by AS "answeredBy"`;

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
    private readonly tenant: TenantTransactions,
    private readonly outbox: EventOutbox,
  ) {}

  private questions() {
    return this.tenant
      .manager()
      .createQueryBuilder()
      .select(COLUMNS)
      .from(rowsOf('purchase_request_questions'), 'question')
      .innerJoin('suppliers', 'supplier', 'supplier.id = question.supplier_id');
  }

  list(query: Record<string, unknown>): Promise<Page<Record<string, unknown>>> {
    return readPage(this.questions(), parseListRequest(query, QUESTIONS), QUESTIONS, ANSWERED);
  }

  async get(id: string) {
    const row = await this.questions().where('question.id = :id', { id }).getRawOne<Record<string, unknown>>();
    if (!row) throw new RecordNotFound();
    return row;
  }

  /** Answering again replaces the answer, and the supplier is told again. */
  async answer(id: string, input: AnswerQuestionDto, user: SignedInUser) {
    const answer = input.answer.trim();
    if (!answer) throw new FieldInvalid('answer', 'answer_required');
    const [, updated] = await this.tenant
      .manager()
      .query(`UPDATE purchase_request_questions SET answer = $2, answered_at = now(), answered_by = $3, updated_at = now() WHERE id = $1`, [
        id,
        answer,
        user.id,
      ]);
    if (!updated) throw new RecordNotFound();
    await this.outbox.emit('procurement.question-answered', { questionId: id });
    return this.get(id);
  }
}
