import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { organizationTimeZone, TenantTransactions } from '@fabquote/database';
import type { Locale } from '@fabquote/i18n';
import { activeSender, userNames } from '../identity';
import { customerFacts } from '../master-data';
import { OFFER_LINK_DAYS_WITHOUT_VALIDITY } from './customer-offer-page';
import type { OrderStatus } from './order-status';

/**
 * The end of an order's offer, as SQL over `o` (orders) and the zone parameter: the end of its `validUntil` day in
 * the organization's time zone, else `fallback` (a link's sending plus 30 days).
 */
const offerValidityEnd = (zone: string, fallback: string) =>
  `CASE WHEN o.valid_until IS NOT NULL THEN ((o.valid_until + 1)::timestamp AT TIME ZONE ${zone}) ELSE ${fallback} END`;

/** The order a current link opens, with what decides the page's state. */
export interface OfferLinkRow {
  id: string;
  status: OrderStatus;
  language: Locale;
  sent_status: OrderStatus;
  accepted_online: boolean;
  declined_online: boolean;
  changed_since_sent: boolean;
  validity_ended: boolean;
}

/** A customer's question as the page shows it. */
export interface PageQuestion {
  id: string;
  question: string;
  askedAt: Date;
  answer: string | null;
  answeredAt: Date | null;
}

/** What the customer answered on the page. */
export interface OnlineAnswer {
  accepted_online_at: Date | null;
  accepted_online_by: string | null;
  acceptance_note: string | null;
  customer_order_number: string | null;
  decline_reason: string | null;
  declined_online_at: Date | null;
}

/** The order as the offer page's mails name it: its customer's name, who sent the current link. */
export interface OfferMailRow {
  id: string;
  number: string;
  name: string;
  language: Locale;
  contact_name: string | null;
  contact_email: string | null;
  accepted_online_by: string | null;
  acceptance_note: string | null;
  customer_order_number: string | null;
  decline_reason: string | null;
  customer_name: string;
  sent_by: string | null;
}

/** A staff member to tell, when still active. */
export interface ActiveUser {
  name: string;
  email: string | null;
  language: string | null;
}

/** A customer's question as staff's list and resource answer it. */
export interface OrderQuestionRow {
  id: string;
  orderId: string;
  question: string;
  askedAt: Date;
  answer: string | null;
  answeredAt: Date | null;
  answeredBy: string | null;
}

const QUESTION_COLUMNS = `question.id AS "id", question.order_id AS "orderId", question.question AS "question", question.asked_at AS "askedAt",
  question.answer AS "answer", question.answered_at AS "answeredAt", question.answered_by AS "answeredBy"`;

/** A customer's question with its order. */
export interface OrderQuestion {
  orderId: string;
  question: string;
  answer: string | null;
}

/**
 * The customer's offer page (`customer_offer_links`, `order_questions`, the online answer's columns of `orders`):
 * its links, questions and answers, in the caller's tenant transaction.
 */
@Injectable()
export class CustomerOfferRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /**
   * The order the link opens by the hash of its token: the order's current link (not superseded), until `readableDays`
   * after the offer's validity ended; `lock` takes the order FOR UPDATE.
   */
  async link(orderId: string, tokenHash: string, readableDays: number, lock: boolean): Promise<OfferLinkRow | null> {
    const zone = await organizationTimeZone(this.manager);
    const [row] = await this.manager.query<OfferLinkRow[]>(
      `SELECT o.id, o.status, o.language, l.sent_status,
              o.accepted_online_at IS NOT NULL AS accepted_online, o.declined_online_at IS NOT NULL AS declined_online,
              o.status_changed_at > l.created_at AS changed_since_sent,
              now() >= ${offerValidityEnd('$3', 'l.expires_at')} AS validity_ended
         FROM customer_offer_links l JOIN orders o ON o.id = l.order_id
        WHERE l.order_id = $1 AND l.token_hash = $2 AND NOT l.superseded
          AND now() < l.expires_at + make_interval(days => $4)
        ${lock ? 'FOR UPDATE OF o' : ''}`,
      [orderId, tokenHash, zone, readableDays],
    );
    return row ?? null;
  }

  /** The offer's questions and the customer's answers within the last `windowMinutes` by the database's `now()`. */
  async recentWrites(orderId: string, windowMinutes: number): Promise<{ writes: number; oldest: Date | null; now: Date }> {
    const [row] = await this.manager.query<Array<{ writes: number; oldest: Date | null; now: Date }>>(
      `SELECT count(*)::int AS writes, min(at) AS oldest, now() AS now FROM (
         SELECT asked_at AS at FROM order_questions WHERE order_id = $1 AND asked_at > now() - make_interval(mins => $2)
         UNION ALL
         SELECT changed_at FROM order_status_changes WHERE order_id = $1 AND source = 'customer-page' AND changed_at > now() - make_interval(mins => $2)
       ) recent`,
      [orderId, windowMinutes],
    );
    return row;
  }

  /**
   * Stores a link's token hash, valid until the end of the offer's validity. `replaceEarlier`: a new send, which
   * supersedes every earlier link of the order (`sentBy`: its sender, a user, told of the answer); else the link
   * keeps the current link's sent status and sender. False: no such order.
   */
  async addLink(orderId: string, tokenHash: string, replaceEarlier: boolean, sentBy: string | null): Promise<boolean> {
    const zone = await organizationTimeZone(this.manager);
    // The sender is told of the answer: named only while a user (identity's), else nobody is.
    const sender = replaceEarlier && sentBy && (await userNames(this.manager, [sentBy])).has(sentBy) ? sentBy : null;
    if (replaceEarlier) await this.manager.query(`UPDATE customer_offer_links SET superseded = true WHERE order_id = $1 AND NOT superseded`, [orderId]);
    // An answer's link keeps the status the current offer link was sent in; a send takes the order's.
    const rows = await this.manager.query<Array<{ id: string }>>(
      `INSERT INTO customer_offer_links (order_id, token_hash, expires_at, sent_status, sent_by)
       SELECT o.id, $2, ${offerValidityEnd('$3', `now() + make_interval(days => $4)`)},
              ${replaceEarlier ? 'o.status, $5::uuid' : `coalesce(current.sent_status, o.status), current.sent_by`}
         FROM orders o
         ${replaceEarlier ? '' : `LEFT JOIN LATERAL (SELECT l.sent_status, l.sent_by FROM customer_offer_links l WHERE l.order_id = o.id AND NOT l.superseded ORDER BY l.created_at DESC LIMIT 1) current ON true`}
        WHERE o.id = $1
       RETURNING id`,
      [orderId, tokenHash, zone, OFFER_LINK_DAYS_WITHOUT_VALIDITY, ...(replaceEarlier ? [sender] : [])],
    );
    return rows.length > 0;
  }

  async accepted(orderId: string, answer: { name: string; note: string | null; customerOrderNumber: string | null }): Promise<void> {
    await this.manager.query(
      `UPDATE orders SET accepted_online_at = now(), accepted_online_by = $2, acceptance_note = $3,
              customer_order_number = coalesce($4, customer_order_number), updated_at = now() WHERE id = $1`,
      [orderId, answer.name, answer.note, answer.customerOrderNumber],
    );
  }

  async declined(orderId: string, reason: string | null): Promise<void> {
    await this.manager.query(`UPDATE orders SET declined_online_at = now(), decline_reason = $2, updated_at = now() WHERE id = $1`, [orderId, reason]);
  }

  async answers(orderId: string): Promise<OnlineAnswer> {
    const [order] = await this.manager.query<OnlineAnswer[]>(
      `SELECT o.accepted_online_at, o.accepted_online_by, o.acceptance_note, o.customer_order_number, o.decline_reason, o.declined_online_at
         FROM orders o WHERE o.id = $1`,
      [orderId],
    );
    return order;
  }

  async ask(orderId: string, question: string): Promise<PageQuestion> {
    const [row] = await this.manager.query<PageQuestion[]>(
      `INSERT INTO order_questions (order_id, question) VALUES ($1, $2)
       RETURNING id, question, asked_at AS "askedAt", answer, answered_at AS "answeredAt"`,
      [orderId, question],
    );
    return row;
  }

  /** The questions of an order as the page shows them, oldest first. */
  questions(orderId: string): Promise<PageQuestion[]> {
    return this.manager.query<PageQuestion[]>(
      `SELECT id, question, asked_at AS "askedAt", answer, answered_at AS "answeredAt" FROM order_questions WHERE order_id = $1 ORDER BY asked_at, id`,
      [orderId],
    );
  }

  /** Staff's list of the questions, for `readPage`. A subquery rather than the table: `readPage` would read entities otherwise. */
  questionsBuilder(): SelectQueryBuilder<OrderQuestionRow> {
    return this.manager.createQueryBuilder().select(QUESTION_COLUMNS).from('(SELECT * FROM order_questions)', 'question') as SelectQueryBuilder<OrderQuestionRow>;
  }

  async staffQuestion(id: string): Promise<OrderQuestionRow | null> {
    return (await this.questionsBuilder().where('question.id = :id', { id }).getRawOne<OrderQuestionRow>()) ?? null;
  }

  /** The question with its order's id, or null once deleted. */
  async question(questionId: string): Promise<OrderQuestion | null> {
    const [row] = await this.manager.query<OrderQuestion[]>(`SELECT order_id AS "orderId", question, answer FROM order_questions WHERE id = $1`, [questionId]);
    return row ?? null;
  }

  /** Writes (or replaces) staff's answer; false: no such question. */
  async answer(questionId: string, answer: string, userId: string): Promise<boolean> {
    const [, updated] = await this.manager.query<[unknown[], number]>(
      `UPDATE order_questions SET answer = $2, answered_at = now(), answered_by = $3, updated_at = now() WHERE id = $1`,
      [questionId, answer, userId],
    );
    return updated > 0;
  }

  /** The order as the mails name it; null once deleted. */
  async mailFacts(orderId: string): Promise<OfferMailRow | null> {
    const [row] = await this.manager.query<Array<Omit<OfferMailRow, 'customer_name'> & { customer_id: string | null }>>(
      `SELECT o.id, o.number, o.name, o.language, o.contact_name, o.contact_email, o.accepted_online_by, o.acceptance_note,
              o.customer_order_number, o.decline_reason, o.customer_id,
              (SELECT l.sent_by FROM customer_offer_links l WHERE l.order_id = o.id AND NOT l.superseded ORDER BY l.created_at LIMIT 1) AS sent_by
         FROM orders o WHERE o.id = $1`,
      [orderId],
    );
    if (!row) return null;
    const { customer_id: customerId, ...order } = row;
    // The customer's billing name, else its name (master data's reader), else the contact's.
    const customer = customerId ? (await customerFacts(this.manager, [customerId])).get(customerId) : undefined;
    return { ...order, customer_name: customer?.billingName?.trim() || (customer?.name ?? order.contact_name ?? '') };
  }

  /** A user still active, by id: the name shown, the address and the language. */
  activeUser(userId: string): Promise<ActiveUser | null> {
    return activeSender(this.manager, userId);
  }

}
