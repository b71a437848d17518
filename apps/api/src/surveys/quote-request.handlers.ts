import { Injectable, Logger } from '@nestjs/common';
import { loadPriceData, loadProducts } from '@fabquote/calculations';
import { AppConfig, publicUrl } from '@fabquote/config';
import { LETTERHEAD_SETTINGS } from '@fabquote/documents';
import { Organization, organizationCurrency, TenantTransactions } from '@fabquote/database';
import { isPhrase, Phrase } from '@fabquote/i18n';
import { OrganizationMailer } from '@fabquote/mail';
import { priceTiers, PricingError } from '@fabquote/pricing';
import { HandlesJob, JobContext, JobHandler, QuotePricesJob, QuoteRequestJob } from '@fabquote/queue';
import { organizationLink } from '../common/organization-link';
import { newPageToken } from '../common/page-token';
import { quotePageSwitches } from '../settings';
import { QuoteMailData, quoteAcknowledgementMail, quoteStaffMail } from './quote-mails';
import { QuoteRequestRepository, QuoteRequestRow } from './quote-request.repository';
import { DrawingVerdict, IndicativePart } from './quote-request.rules';

const MAIL_REPLY_TO = 'mail-reply-to';
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** What both mails say about a request, read in the job's tenant transaction. */
async function mailFacts(tenant: TenantTransactions, quotes: QuoteRequestRepository, request: QuoteRequestRow) {
  const organization = await tenant.manager().getRepository(Organization).findOneByOrFail({ id: tenant.organizationId() });
  const settings = await quotes.settings([LETTERHEAD_SETTINGS.name, LETTERHEAD_SETTINGS.email, MAIL_REPLY_TO]);
  const data: QuoteMailData = {
    shop: text(settings[LETTERHEAD_SETTINGS.name]) ?? organization.name,
    company: request.company,
    name: request.name,
    email: request.email,
    quantities: request.quantities,
    material: request.materialName ?? request.materialText,
    thickness: request.thickness,
    note: request.note,
    fileNames: await quotes.fileNames(request.surveyId),
  };
  return { organization, data, staffAddress: text(settings[LETTERHEAD_SETTINGS.email]) ?? text(settings[MAIL_REPLY_TO]) };
}

/**
 * `surveys.quote-staff-mail`: tells the shop of a request from the quote page, at its letterhead's email (else the
 * company profile's reply-to address), in the organization's language, with a link to the survey. Sent inside the
 * job's transaction with the job id as Message-ID: the handled-jobs ledger makes a redelivered job send nothing.
 */
@Injectable()
@HandlesJob('surveys.quote-staff-mail')
export class QuoteStaffMailHandler implements JobHandler<'surveys.quote-staff-mail'> {
  private readonly logger = new Logger(QuoteStaffMailHandler.name);

  constructor(
    private readonly tenant: TenantTransactions,
    private readonly quotes: QuoteRequestRepository,
    private readonly mailer: OrganizationMailer,
    private readonly config: AppConfig,
  ) {}

  async handle({ quoteRequestId }: QuoteRequestJob, { jobId }: JobContext): Promise<void> {
    const request = await this.quotes.find(quoteRequestId);
    if (!request) return;
    const { organization, data, staffAddress } = await mailFacts(this.tenant, this.quotes, request);
    if (!staffAddress) {
      this.logger.warn({ quoteRequestId }, 'A quote request came in, but the company profile has no email to tell staff at (letterhead email, reply-to)');
      return;
    }
    const surveyLink = organizationLink(publicUrl(this.config), organization.slug, request.surveyId ? `/surveys/${request.surveyId}/view` : '/surveys');
    const mail = quoteStaffMail(organization.defaultLocale, { ...data, surveyNumber: request.surveyNumber ?? '–', surveyLink });
    await this.mailer.send({ mailId: jobId, to: [{ name: data.shop, address: staffAddress }], replyTo: request.email, ...mail });
  }
}

/**
 * `surveys.quote-acknowledgement`: thanks the customer in the page's language, with a link to the request's progress
 * page. The page's own token is stored only as a hash, so the mail carries a token of its own (`mail_token_hash`),
 * made in the job's transaction: an SMTP failure rolls it back and the retry makes another.
 */
@Injectable()
@HandlesJob('surveys.quote-acknowledgement')
export class QuoteAcknowledgementHandler implements JobHandler<'surveys.quote-acknowledgement'> {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly quotes: QuoteRequestRepository,
    private readonly mailer: OrganizationMailer,
    private readonly config: AppConfig,
  ) {}

  async handle({ quoteRequestId }: QuoteRequestJob, { jobId }: JobContext): Promise<void> {
    const request = await this.quotes.find(quoteRequestId);
    if (!request) return;
    const { organization, data, staffAddress } = await mailFacts(this.tenant, this.quotes, request);
    const { token, hash } = newPageToken();
    await this.quotes.storeMailToken(request.id, hash);
    const pageLink = organizationLink(publicUrl(this.config), organization.slug, `/pub/quote/${request.id}`, { token });
    const mail = quoteAcknowledgementMail(request.language, { ...data, pageLink });
    await this.mailer.send({ mailId: jobId, to: [{ name: request.name, address: request.email }], ...(staffAddress ? { replyTo: staffAddress } : {}), ...mail });
  }
}

/**
 * `surveys.quote-prices`, emitted by `surveys.read-cad` once a drawing of a quote request made its products: prices
 * them with the pricing engine at the stated quantities (the products carry the customer's material and thickness and
 * the laser line the survey's writer gave them) and stores the indicative prices on the request, or why staff will
 * price them instead (instant prices off, the reader's warnings, no material from the list, the engine's reason or
 * warnings). Nothing is read from the drawing again: the products are.
 */
@Injectable()
@HandlesJob('surveys.quote-prices')
export class QuotePricesHandler implements JobHandler<'surveys.quote-prices'> {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly quotes: QuoteRequestRepository,
  ) {}

  async handle({ quoteRequestId, surveyInputId }: QuotePricesJob): Promise<void> {
    const request = await this.quotes.find(quoteRequestId);
    if (!request) return;
    const verdict = await this.verdict(request, surveyInputId);
    if (verdict) await this.quotes.storeVerdict(request.id, surveyInputId, verdict);
  }

  private async verdict(request: QuoteRequestRow, surveyInputId: string): Promise<DrawingVerdict | null> {
    const manager = this.tenant.manager();
    const { input, parts } = await this.quotes.drawingParts(surveyInputId);
    if (!input || input.status !== 'success') return null;
    if (!(await quotePageSwitches(manager)).instantPrices) return { state: 'staff', reason: { key: 'quote_staff_instant_off' } };
    const warnings = uniquePhrases([...(input.warnings ?? []), ...parts.flatMap((part) => part.warnings ?? [])]);
    if (warnings.length > 0) return { state: 'staff', reason: { key: 'quote_staff_warnings' }, warnings };
    if (!request.materialId) return { state: 'staff', reason: { key: 'quote_staff_no_material' } };
    if (parts.length === 0) return { state: 'staff', reason: { key: 'quote_staff_instant_off' } };

    const products = await loadProducts(manager, parts.map((part) => part.productId));
    const data = await loadPriceData(manager, products.values());
    const currency = await organizationCurrency(manager);
    const date = new Date().toISOString().slice(0, 10);
    const quantities = request.quantities.map(String);
    const priced: IndicativePart[] = [];
    for (const part of parts) {
      const product = products.get(part.productId);
      if (!product) return null;
      try {
        const result = priceTiers({ product, quantities, date, currency, prices: { ...data, products: [...products.values()].filter((other) => other.id !== product.id) } });
        if (result.warnings.length > 0) return { state: 'staff', reason: { key: 'quote_staff_incomplete' }, warnings: [] };
        priced.push({ productId: part.productId, name: part.name, count: part.count, tiers: result.tiers.map((tier) => ({ quantity: tier.quantity, unitPrice: tier.unitPrice, totalPrice: tier.totalPrice })) });
      } catch (error) {
        if (error instanceof PricingError) return { state: 'staff', reason: { key: 'quote_staff_cannot_price', params: { reason: { key: error.reason, params: error.params as Phrase['params'] } } } };
        throw error;
      }
    }
    return { state: 'priced', currency, parts: priced };
  }
}

const uniquePhrases = (values: unknown[]): Phrase[] => [...new Map(values.filter(isPhrase).map((phrase) => [JSON.stringify(phrase), phrase])).values()];

export const QUOTE_REQUEST_HANDLERS = [QuoteStaffMailHandler, QuoteAcknowledgementHandler, QuotePricesHandler];
