import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import { rowsOf } from '../shared/table-rows';

/** A supplier's question as the list and the resource answer it. */
export interface QuestionRow {
  id: string;
  purchaseRequestId: string;
  supplierId: string;
  supplierName: string;
  question: string;
  askedAt: Date;
  answer: string | null;
  answeredAt: Date | null;
  answeredBy: string | null;
}

/** A question with the request it is about, as its mails read it. */
export interface AskedQuestion {
  question: string;
  answer: string | null;
  purchase_request_id: string;
  supplier_id: string;
  number: string;
  request_name: string;
  created_by: string | null;
}

const COLUMNS = `question.id AS "id", question.purchase_request_id AS "purchaseRequestId", question.supplier_id AS "supplierId",
  supplier.name AS "supplierName", question.question AS "question", question.asked_at AS "askedAt", question.answer AS "answer",
  question.answered_at AS "answeredAt", question.answered_by AS "answeredBy"`;

/** Suppliers' questions to a purchase request (`purchase_request_questions`) and staff's answers. */
@Injectable()
export class PurchaseRequestQuestionRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The questions' rows for `readPage` (sorted and searched by the supplier's name). */
  listBuilder(): SelectQueryBuilder<QuestionRow> {
    return this.manager
      .createQueryBuilder()
      .select(COLUMNS)
      .from(rowsOf('purchase_request_questions'), 'question')
      .innerJoin('suppliers', 'supplier', 'supplier.id = question.supplier_id') as SelectQueryBuilder<QuestionRow>;
  }

  async question(id: string): Promise<QuestionRow | null> {
    return (await this.listBuilder().where('question.id = :id', { id }).getRawOne<QuestionRow>()) ?? null;
  }

  /** A supplier's new question; answers its id. */
  async ask(purchaseRequestId: string, supplierId: string, question: string): Promise<string> {
    const [{ id }] = await this.manager.query<Array<{ id: string }>>(
      `INSERT INTO purchase_request_questions (purchase_request_id, supplier_id, question) VALUES ($1, $2, $3) RETURNING id`,
      [purchaseRequestId, supplierId, question],
    );
    return id;
  }

  /** Writes (or replaces) the answer; false: no such question. */
  async answer(id: string, answer: string, userId: string): Promise<boolean> {
    const [, updated] = await this.manager.query<[unknown[], number]>(
      `UPDATE purchase_request_questions SET answer = $2, answered_at = now(), answered_by = $3, updated_at = now() WHERE id = $1`,
      [id, answer, userId],
    );
    return updated > 0;
  }

  /** The question with its request's number, name and creator; null once deleted. */
  async asked(questionId: string): Promise<AskedQuestion | null> {
    const [row] = await this.manager.query<AskedQuestion[]>(
      `SELECT q.question, q.answer, q.purchase_request_id, q.supplier_id, pr.number, pr.name AS request_name, pr.created_by
         FROM purchase_request_questions q
         JOIN purchase_requests pr ON pr.id = q.purchase_request_id
        WHERE q.id = $1`,
      [questionId],
    );
    return row ?? null;
  }
}
