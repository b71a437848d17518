import type { Phrase } from '@fabquote/i18n';
import { QueueName } from './queue-names';

/** What every job carries: the organization it runs for, so the worker can open its tenant transaction. */
export interface TenantJob {
  organizationId: string;
}

export interface MailAddress {
  name?: string;
  address: string;
}

/** Send one email. The sender's display name comes from the organization's `mail-sender-name` setting. */
export interface SendMailJob extends TenantJob {
  to: MailAddress[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** What changed, for finding the products whose prices depend on it. */
export type PriceSource = 'material' | 'group' | 'asset' | 'factor' | 'suppliable' | 'part' | 'product';

/** A price input changed: find the calculated products that depend on it (and the assemblies above them). */
export interface RepriceJob extends TenantJob {
  source: PriceSource;
  sourceId: string;
  /** Said in each reader's language; a text from a job queued before reasons were phrases. */
  reason: Phrase | string;
}

/** Store a new calculation for each of these products (at most a batch; large repricings are split). */
export interface CalculateProductsJob extends TenantJob {
  productIds: string[];
  reason: Phrase | string;
}

/** Mail a supplier its purchase request with a new personal link (replacing the one it had). */
export interface InviteSupplierJob extends TenantJob {
  purchaseRequestId: string;
  supplierId: string;
}

/** A supplier asked a question on its page (`procurement.question-asked`: tell staff) or staff answered it (`…-answered`: tell the supplier). */
export interface QuestionJob extends TenantJob {
  questionId: string;
}

/**
 * The wake-up of procurement's due check (reminders and deadlines), added every minute by a BullMQ job
 * scheduler. It belongs to no organization (it carries none): its handler visits every active
 * organization in a tenant transaction of its own. See {@link JOBS_WITHOUT_ORGANIZATION}.
 */
export type DueCheckJob = Record<string, never>;

/** A purchase request was closed (at its deadline or by staff): mail its creator the offers' ranking. */
export interface RankingMailJob extends TenantJob {
  purchaseRequestId: string;
  /** `deadline`: it closed by itself; `staff`: closed early. */
  closedBy: 'deadline' | 'staff';
  /** The one user this job mails (one job per recipient, so a failing mail never holds back another's); absent: every recipient. */
  recipientId?: string;
}

/** A closed request was opened again by moving its deadline: tell one supplier, with a new personal link. */
export interface RequestReopenedJob extends TenantJob {
  purchaseRequestId: string;
  supplierId: string;
}

/**
 * Rate the latest offers of a purchase request again (a submit or revision, the close): the job
 * replaces the request's stored ratings. Without `purchaseRequestId` (the organization's rating
 * weights changed) it emits one such job per open request.
 */
export interface RateOffersJob extends TenantJob {
  purchaseRequestId?: string;
  /** The close's final rating: once rated, the job emits `procurement.ranking-mail` with it, so the mail reads the stored rating. */
  closedBy?: 'deadline' | 'staff';
}

/** Render an order's PDF and mail it to the order's contact (`POST /orders/{id}/send-pdf`); `language` overrides the order's. */
export interface OrderPdfMailJob extends TenantJob {
  orderId: string;
  language?: 'en' | 'de';
  /** Who sent it: the customer's reply goes to them (Reply-To). */
  sentBy?: string;
}

/** The customer answered an offer on its page (docs/api-orders.md "The customer's offer page"): tell staff by mail. */
export interface OfferAnsweredJob extends TenantJob {
  orderId: string;
  answer: 'accepted' | 'declined';
}

/** The customer accepted an offer on its page: confirm it to the order's contact. */
export interface OfferAcceptedJob extends TenantJob {
  orderId: string;
}

/** A customer asked a question on the offer page (`orders.question-asked`: tell staff) or staff answered it (`…-answered`: tell the customer, with a fresh link). */
export interface OrderQuestionJob extends TenantJob {
  questionId: string;
}

/**
 * Read one survey input (docs/api-surveys.md): `surveys.read-cad` a DXF or STEP drawing without AI,
 * `surveys.extract` a text, PDF or image through the AI provider, `surveys.transcribe` a recording
 * into text (which then goes on as `surveys.extract`). `run` is the input's run when the job was
 * emitted: a stop or a retry starts another, and a job of an earlier run writes nothing.
 */
export interface SurveyInputJob extends TenantJob {
  surveyInputId: string;
  run: number;
}

/** A quote request from the public quote page (docs/api-surveys.md "The quote-request page"): mail staff, or acknowledge it to the customer. */
export interface QuoteRequestJob extends TenantJob {
  quoteRequestId: string;
}

/** A drawing of a quote request was read (`surveys.read-cad`): price its parts at the stated quantities, or say why staff will. */
export interface QuotePricesJob extends TenantJob {
  quoteRequestId: string;
  surveyInputId: string;
}

/**
 * Every job name with its payload. Adding a job means adding it here and in
 * {@link JOB_QUEUES}; the worker refuses to start until exactly one handler exists for it.
 */
export interface JobPayloads {
  'mail.send': SendMailJob;
  'pricing.reprice': RepriceJob;
  'pricing.calculate': CalculateProductsJob;
  'procurement.invite-supplier': InviteSupplierJob;
  'procurement.question-asked': QuestionJob;
  'procurement.question-answered': QuestionJob;
  'procurement.check-due': DueCheckJob;
  'procurement.ranking-mail': RankingMailJob;
  'procurement.request-reopened': RequestReopenedJob;
  'procurement.rate-offers': RateOffersJob;
  'orders.mail-pdf': OrderPdfMailJob;
  'orders.offer-answered': OfferAnsweredJob;
  'orders.offer-accepted': OfferAcceptedJob;
  'orders.question-asked': OrderQuestionJob;
  'orders.question-answered': OrderQuestionJob;
  'surveys.read-cad': SurveyInputJob;
  'surveys.extract': SurveyInputJob;
  'surveys.transcribe': SurveyInputJob;
  'surveys.quote-staff-mail': QuoteRequestJob;
  'surveys.quote-acknowledgement': QuoteRequestJob;
  'surveys.quote-prices': QuotePricesJob;
}

export type JobName = keyof JobPayloads;
export type JobData<N extends JobName> = JobPayloads[N];

/** The queue each job runs on. */
export const JOB_QUEUES: { readonly [N in JobName]: QueueName } = {
  'mail.send': QueueName.Mail,
  'pricing.reprice': QueueName.Pricing,
  'pricing.calculate': QueueName.Pricing,
  'procurement.invite-supplier': QueueName.Mail,
  'procurement.question-asked': QueueName.Mail,
  'procurement.question-answered': QueueName.Mail,
  'procurement.check-due': QueueName.Reminders,
  'procurement.ranking-mail': QueueName.Mail,
  'procurement.request-reopened': QueueName.Mail,
  'procurement.rate-offers': QueueName.Rating,
  'orders.mail-pdf': QueueName.Mail,
  'orders.offer-answered': QueueName.Mail,
  'orders.offer-accepted': QueueName.Mail,
  'orders.question-asked': QueueName.Mail,
  'orders.question-answered': QueueName.Mail,
  'surveys.read-cad': QueueName.Extraction,
  'surveys.extract': QueueName.Extraction,
  'surveys.transcribe': QueueName.Speech,
  'surveys.quote-staff-mail': QueueName.Mail,
  'surveys.quote-acknowledgement': QueueName.Mail,
  'surveys.quote-prices': QueueName.Pricing,
};

/**
 * Jobs of no organization: a scheduler's wake-ups, whose handler opens a tenant transaction per
 * organization itself. The job runner hands them over without a transaction and without the
 * handled-jobs ledger (a tenant table): what they do is decided by the database, so running one twice
 * does nothing twice. The outbox never emits them.
 */
export const JOBS_WITHOUT_ORGANIZATION: ReadonlySet<JobName> = new Set<JobName>(['procurement.check-due']);

export const JOB_NAMES = Object.keys(JOB_QUEUES) as JobName[];

export function isJobName(name: string): name is JobName {
  return Object.prototype.hasOwnProperty.call(JOB_QUEUES, name);
}
