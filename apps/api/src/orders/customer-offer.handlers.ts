import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, publicUrl } from '@fabquote/config';
import { Organization, TenantTransactions } from '@fabquote/database';
import { LETTERHEAD_SETTINGS } from '@fabquote/documents';
import { Locale } from '@fabquote/i18n';
import { OrganizationMailer, RenderedMail } from '@fabquote/mail';
import { HandlesJob, JobContext, JobHandler, OfferAcceptedJob, OfferAnsweredJob, OrderQuestionJob } from '@fabquote/queue';
import { organizationLink } from '../common/organization-link';
import { profileReplyTo, readSettings } from '../settings';
import { customerOfferLink, issueOfferLink } from './customer-offer-links';
import { CustomerOfferRepository } from './customer-offer.repository';
import {
  OfferMailData,
  offerAcceptedCustomerMail,
  offerAcceptedStaffMail,
  offerAnswerCustomerMail,
  offerDeclinedStaffMail,
  offerQuestionStaffMail,
} from './customer-offer-mails';

interface OfferFacts extends OfferMailData {
  orderId: string;
  language: Locale;
  contactName: string | null;
  contactEmail: string | null;
  acceptedBy: string | null;
  acceptanceNote: string | null;
  customerOrderNumber: string | null;
  declineReason: string | null;
  /** Who sent the offer's current link (told of the customer's answer). */
  sentBy: string | null;
}

interface Recipient {
  name: string | null;
  address: string;
  language: Locale;
}

/**
 * The mails of the customer's offer page (docs/api-orders.md "The customer's offer page"), each sent once: the
 * job's id is the mail's id and the runner's `handled_jobs` ledger, written in the job's transaction, makes a job
 * delivered again send nothing.
 */
@Injectable()
export class OfferMails {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly pages: CustomerOfferRepository,
    private readonly mailer: OrganizationMailer,
    private readonly config: AppConfig,
  ) {}

  async organization(): Promise<Organization> {
    return this.tenant.manager().getRepository(Organization).findOneByOrFail({ id: this.tenant.organizationId() });
  }

  /** The order with what the mails say about it; null once deleted. */
  async facts(orderId: string): Promise<OfferFacts | null> {
    const row = await this.pages.mailFacts(orderId);
    if (!row) return null;
    const organization = await this.organization();
    return {
      orderId: row.id,
      shop: (await this.setting(LETTERHEAD_SETTINGS.name)) || organization.name,
      number: row.number,
      name: row.name === row.number ? null : row.name,
      customerName: row.customer_name,
      language: row.language,
      contactName: row.contact_name,
      contactEmail: row.contact_email,
      acceptedBy: row.accepted_online_by,
      acceptanceNote: row.acceptance_note,
      customerOrderNumber: row.customer_order_number,
      declineReason: row.decline_reason,
      sentBy: row.sent_by,
    };
  }

  /** Staff to tell: the user who sent the offer, if still active; else the shop's Reply-To address, else its letterhead email. */
  async staff(sentBy: string | null): Promise<Recipient | null> {
    const manager = this.tenant.manager();
    if (sentBy) {
      const user = await this.pages.activeUser(sentBy);
      if (user?.email) return { name: user.name, address: user.email, language: user.language === 'de' ? 'de' : 'en' };
    }
    const organization = await this.organization();
    const language: Locale = organization.defaultLocale === 'de' ? 'de' : 'en';
    const replyTo = await profileReplyTo(manager);
    if (replyTo) return { name: null, address: replyTo, language };
    const shop = await this.setting(LETTERHEAD_SETTINGS.email);
    return shop ? { name: null, address: shop, language } : null;
  }

  /** A text setting of the letterhead, trimmed; empty when not set or not text (settings' `readSettings`). */
  private async setting(slug: string): Promise<string> {
    const value = (await readSettings(this.tenant.manager(), [slug]))[slug];
    return typeof value === 'string' ? value.trim() : '';
  }

  async orderLink(orderId: string): Promise<string> {
    return organizationLink(publicUrl(this.config), (await this.organization()).slug, `/orders/${orderId}/view`);
  }

  /** A new link for the customer that leaves the current ones valid (an answer's); null: none (order gone). */
  async freshPageLink(orderId: string): Promise<string | null> {
    const token = await issueOfferLink(this.pages, orderId, false);
    return token ? customerOfferLink(publicUrl(this.config), (await this.organization()).slug, orderId, token) : null;
  }

  async send(mailId: string, to: Recipient | { name: string | null; address: string }, mail: RenderedMail): Promise<void> {
    await this.mailer.send({ mailId, to: [to.name ? { name: to.name, address: to.address } : { address: to.address }], ...mail });
  }
}

/** `orders.offer-answered`: the customer accepted or declined on the page; the staff member who sent it (or the shop) is told. */
@Injectable()
@HandlesJob('orders.offer-answered')
export class OfferAnsweredHandler implements JobHandler<'orders.offer-answered'> {
  private readonly logger = new Logger(OfferAnsweredHandler.name);

  constructor(private readonly mails: OfferMails) {}

  async handle({ orderId, answer }: OfferAnsweredJob, { jobId }: JobContext): Promise<void> {
    const facts = await this.mails.facts(orderId);
    if (!facts) return this.logger.log({ orderId }, 'Order gone; nobody told of the customer\'s answer');
    const staff = await this.mails.staff(facts.sentBy);
    if (!staff) return this.logger.warn({ orderId }, 'Nobody to tell of the customer\'s answer: no sender, Reply-To or letterhead email');
    const orderLink = await this.mails.orderLink(orderId);
    const mail =
      answer === 'accepted'
        ? offerAcceptedStaffMail(staff.language, {
            ...facts,
            recipientName: staff.name,
            acceptedBy: facts.acceptedBy ?? facts.customerName,
            customerOrderNumber: facts.customerOrderNumber,
            note: facts.acceptanceNote,
            orderLink,
          })
        : offerDeclinedStaffMail(staff.language, { ...facts, recipientName: staff.name, reason: facts.declineReason, orderLink });
    await this.mails.send(jobId, staff, mail);
  }
}

/** `orders.offer-accepted`: the customer's contact gets the acceptance confirmed, in the order's language. */
@Injectable()
@HandlesJob('orders.offer-accepted')
export class OfferAcceptedHandler implements JobHandler<'orders.offer-accepted'> {
  private readonly logger = new Logger(OfferAcceptedHandler.name);

  constructor(private readonly mails: OfferMails) {}

  async handle({ orderId }: OfferAcceptedJob, { jobId }: JobContext): Promise<void> {
    const facts = await this.mails.facts(orderId);
    if (!facts?.contactEmail) return this.logger.log({ orderId }, 'Order gone or without a contact email; no confirmation mailed');
    const mail = offerAcceptedCustomerMail(facts.language, {
      ...facts,
      acceptedBy: facts.acceptedBy ?? facts.customerName,
      note: facts.acceptanceNote,
      pageLink: await this.mails.freshPageLink(orderId),
    });
    await this.mails.send(jobId, { name: facts.contactName, address: facts.contactEmail }, mail);
  }
}

/** `orders.question-asked`: staff are told of the customer's question, with a link to the order where it is answered. */
@Injectable()
@HandlesJob('orders.question-asked')
export class OrderQuestionAskedHandler implements JobHandler<'orders.question-asked'> {
  private readonly logger = new Logger(OrderQuestionAskedHandler.name);

  constructor(
    private readonly mails: OfferMails,
    private readonly pages: CustomerOfferRepository,
  ) {}

  async handle({ questionId }: OrderQuestionJob, { jobId }: JobContext): Promise<void> {
    const question = await this.pages.question(questionId);
    const facts = question ? await this.mails.facts(question.orderId) : null;
    if (!question || !facts) return this.logger.log({ questionId }, 'Question gone; nobody told');
    const staff = await this.mails.staff(facts.sentBy);
    if (!staff) return this.logger.warn({ questionId }, 'Nobody to tell of the customer\'s question: no sender, Reply-To or letterhead email');
    const mail = offerQuestionStaffMail(staff.language, { ...facts, recipientName: staff.name, question: question.question, orderLink: await this.mails.orderLink(facts.orderId) });
    await this.mails.send(jobId, staff, mail);
  }
}

/**
 * `orders.question-answered`: the customer's contact gets the question and staff's answer, with a fresh personal
 * link to the page (made here, in the job's transaction; it leaves the earlier links valid).
 */
@Injectable()
@HandlesJob('orders.question-answered')
export class OrderQuestionAnsweredHandler implements JobHandler<'orders.question-answered'> {
  private readonly logger = new Logger(OrderQuestionAnsweredHandler.name);

  constructor(
    private readonly mails: OfferMails,
    private readonly pages: CustomerOfferRepository,
  ) {}

  async handle({ questionId }: OrderQuestionJob, { jobId }: JobContext): Promise<void> {
    const question = await this.pages.question(questionId);
    const facts = question ? await this.mails.facts(question.orderId) : null;
    if (!question?.answer || !facts?.contactEmail) return this.logger.log({ questionId }, 'Question gone, unanswered, or no contact email; nothing sent');
    const mail = offerAnswerCustomerMail(facts.language, {
      ...facts,
      question: question.question,
      answer: question.answer,
      pageLink: await this.mails.freshPageLink(facts.orderId),
    });
    await this.mails.send(jobId, { name: facts.contactName, address: facts.contactEmail }, mail);
  }
}
