import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { organizationTimeZone, TenantTransactions } from '@fabquote/database';
import { Locale, translate } from '@fabquote/i18n';
import { EventOutbox } from '@fabquote/queue';
import { AppException, FieldInvalid } from '../common/app-exception';
import { optionalText } from '../common/text-field';
import { CustomerOfferAccess, OfferPageNotFound, OfferVisit, OpenedOffer } from './customer-offer-access';
import { AcceptOfferDto, AskOfferQuestionDto, DeclineOfferDto } from './customer-offer.dto';
import { CustomerOfferRepository } from './customer-offer.repository';
import { offerPageDocument, offerStateMessage } from './customer-offer-page';
import { OrderPdfs } from './order-pdf.service';
import { OrderRepository } from './order.repository';
import { canChangeStatus } from './order-status';

/** 409: the page is read-only (accepted, declined, expired, withdrawn); the message says why, in the reader's language. */
export class OfferNotOpen extends AppException {
  constructor(offer: OpenedOffer) {
    super(HttpStatus.CONFLICT, 'offer_not_open', offer.state === 'open' ? 'offer_state_withdrawn_draft' : offerStateMessage(offer.state, offer.status));
  }
}

/**
 * The customer's offer page (docs/api-orders.md "The customer's offer page"): the offer as its PDF shows it, the
 * customer's acceptance or refusal, and questions. Each call runs in a tenant transaction of its own (the routes
 * are outside the request's): a link that opens nothing is recorded as a failure, committed, and only then
 * answered 404.
 */
@Injectable()
export class CustomerOfferService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly access: CustomerOfferAccess,
    private readonly pdfs: OrderPdfs,
    private readonly orders: OrderRepository,
    private readonly outbox: EventOutbox,
    private readonly pages: CustomerOfferRepository,
  ) {}

  private async onPage<T>(visit: OfferVisit, lock: boolean, work: (offer: OpenedOffer, manager: EntityManager) => Promise<T>): Promise<T> {
    const answer = await this.tenant.run(visit.organization.id, async (manager) => {
      const offer = await this.access.open(manager, visit, { lock });
      return offer ? { found: true as const, value: await work(offer, manager) } : { found: false as const };
    });
    if (!answer.found) throw new OfferPageNotFound();
    return answer.value;
  }

  /** A write: the order locked, the page open, the offer's writes within the limit. */
  private onOpenPage<T>(visit: OfferVisit, work: (offer: OpenedOffer, manager: EntityManager) => Promise<T>): Promise<T> {
    return this.onPage(visit, true, async (offer, manager) => {
      if (offer.state !== 'open') throw new OfferNotOpen(offer);
      await this.access.refuseTooManyWrites(offer.orderId);
      return work(offer, manager);
    });
  }

  document(visit: OfferVisit) {
    return this.onPage(visit, false, (offer, manager) => this.page(offer, manager));
  }

  /** The offer's PDF as the page links it: in the order's language, rendered now (the same document as the page). */
  pdf(visit: OfferVisit) {
    return this.onPage(visit, false, (offer) => this.pdfs.render(offer.orderId, offer.language));
  }

  /** Yes: Ordered by the orders' own rule, the history saying it was the customer online; staff and customer are mailed. */
  accept(visit: OfferVisit, input: AcceptOfferDto) {
    return this.onOpenPage(visit, async (offer) => {
      const name = optionalText(input.name);
      if (!name) throw new FieldInvalid('name', 'offer_name_required');
      if (!canChangeStatus(offer.status, 'ordered')) throw new OfferNotOpen({ ...offer, state: 'withdrawn' });
      const note = optionalText(input.note);
      const customerOrderNumber = optionalText(input.customerOrderNumber);
      await this.pages.accepted(offer.orderId, { name, note, customerOrderNumber });
      await this.orders.changeStatus(offer.orderId, offer.status, 'ordered', null, { source: 'customer-page', note: name });
      await this.outbox.emit('orders.offer-answered', { orderId: offer.orderId, answer: 'accepted' });
      await this.outbox.emit('orders.offer-accepted', { orderId: offer.orderId });
      return { message: translate(visit.locale, 'offer_accepted'), ...(await this.page({ ...offer, status: 'ordered', state: 'accepted' }, this.orders.manager)) };
    });
  }

  /** No: Declined, with the reason if given; staff are mailed. */
  decline(visit: OfferVisit, input: DeclineOfferDto) {
    return this.onOpenPage(visit, async (offer) => {
      if (!canChangeStatus(offer.status, 'declined')) throw new OfferNotOpen({ ...offer, state: 'withdrawn' });
      const reason = optionalText(input.reason);
      await this.pages.declined(offer.orderId, reason);
      await this.orders.changeStatus(offer.orderId, offer.status, 'declined', null, { source: 'customer-page', note: reason });
      await this.outbox.emit('orders.offer-answered', { orderId: offer.orderId, answer: 'declined' });
      return { message: translate(visit.locale, 'offer_declined'), ...(await this.page({ ...offer, status: 'declined', state: 'declined' }, this.orders.manager)) };
    });
  }

  /** A question to the shop, kept with the order; staff are mailed and answer in the console. */
  ask(visit: OfferVisit, input: AskOfferQuestionDto) {
    return this.onOpenPage(visit, async (offer) => {
      const question = optionalText(input.question);
      if (!question) throw new FieldInvalid('question', 'question_required');
      const row = await this.pages.ask(offer.orderId, question);
      await this.outbox.emit('orders.question-asked', { questionId: row.id });
      return { message: translate(visit.locale, 'offer_question_asked'), question: row };
    });
  }

  private async page(offer: OpenedOffer, manager: EntityManager) {
    const { document } = await this.pdfs.document(offer.orderId);
    const order = await this.pages.answers(offer.orderId);
    const language: Locale = offer.language;
    const mapped = offerPageDocument(document);
    return {
      organization: { ...mapped.letterhead, timeZone: await organizationTimeZone(manager), currency: document.currency },
      offer: { id: offer.orderId, status: offer.status, language, ...mapped.offer },
      lines: mapped.lines,
      totals: mapped.totals,
      terms: mapped.terms,
      state: offer.state,
      reason: offer.state === 'open' ? null : translate(language, offerStateMessage(offer.state, offer.status)),
      acceptance:
        offer.state === 'accepted' && order.accepted_online_at && order.accepted_online_by !== null
          ? { name: order.accepted_online_by, customerOrderNumber: order.customer_order_number, note: order.acceptance_note, at: order.accepted_online_at }
          : null,
      declineReason: offer.state === 'declined' ? order.decline_reason : null,
      questions: await this.pages.questions(offer.orderId),
    };
  }
}
