import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig, publicUrl } from '@fabquote/config';
import { Organization, organizationCurrency, organizationTimeZone, TenantTransactions } from '@fabquote/database';
import { Locale } from '@fabquote/i18n';
import { OrganizationMailer } from '@fabquote/mail';
import { HandlesJob, JobContext, JobHandler, RankingMailJob, RequestReopenedJob } from '@fabquote/queue';
import { StaffMember, staffToTell } from '../../identity';
import { RankedOffer, rankingMail } from './deadline-mails';
import { DeadlineRepository } from './deadline.repository';
import { supplierInvitationMail } from '../shared/procurement-mails';
import { PurchaseRequestRepository } from '../shared/purchase-request.repository';
import { offersPageLink } from '../shared/mail-links';
import { newSupplierToken } from '../shared/supplier-token';
import { ProcurementClock } from '../shared/procurement-clock';

/**
 * `procurement.ranking-mail`: when a request closes (at its deadline or early), its creator gets the
 * offers ranked — else, the creator gone, everyone who may edit requests (`purchase-requests.update`) —
 * each in their language, with a link to the offers. One mail per language; the job id is its
 * Message-ID (with the language when there are several).
 */
@Injectable()
@HandlesJob('procurement.ranking-mail')
export class RankingMailHandler implements JobHandler<'procurement.ranking-mail'> {
  private readonly logger = new Logger(RankingMailHandler.name);

  constructor(
    private readonly tenant: TenantTransactions,
    private readonly deadlines: DeadlineRepository,
    private readonly mailer: OrganizationMailer,
    private readonly config: AppConfig,
  ) {}

  async handle({ purchaseRequestId, closedBy, recipientId }: RankingMailJob, { jobId }: JobContext): Promise<void> {
    const manager = this.tenant.manager();
    const request = await this.deadlines.request(purchaseRequestId);
    if (request?.status !== 'closed') {
      this.logger.log({ purchaseRequestId }, 'Request gone or opened again; no ranking sent');
      return;
    }
    const organization = await manager.getRepository(Organization).findOneByOrFail({ id: this.tenant.organizationId() });
    const ranked = await this.deadlines.rankedOffers(purchaseRequestId);
    const offers: RankedOffer[] = ranked.map(({ rated: _rated, ...offer }) => offer);
    const everyone = await rankingRecipients(manager, request.created_by);
    // One job per recipient (the rating job emits them): this job mails its own, if still a recipient.
    const staff = recipientId === undefined ? everyone : everyone.filter((member) => member.id === recipientId);
    if (staff.length === 0) {
      this.logger.warn({ purchaseRequestId }, 'Nobody to tell of the closed request: no active user holds purchase-requests.update');
      return;
    }
    const facts = {
      shop: organization.name,
      number: request.number,
      name: request.name,
      closedAt: request.closed_at!,
      timeZone: await organizationTimeZone(manager),
      closedBy,
      rankedBy: ranked.length > 0 && ranked.every((offer) => offer.rated) ? ('rating' as const) : ('price' as const),
      offers,
      asked: await this.deadlines.askedPrices(purchaseRequestId),
      currency: await organizationCurrency(manager),
      suppliersWithoutOffer: await this.deadlines.suppliersWithoutOffer(purchaseRequestId),
      link: offersPageLink(publicUrl(this.config), organization.slug, purchaseRequestId),
    };
    const byLanguage = new Map<Locale, StaffMember[]>();
    for (const member of staff) byLanguage.set(member.language, [...(byLanguage.get(member.language) ?? []), member]);
    for (const [language, members] of byLanguage) {
      const mail = rankingMail(language, { ...facts, recipientName: members.length === 1 ? members[0].name : null });
      await this.mailer.send({
        mailId: byLanguage.size === 1 ? jobId : `${jobId}-${language}`,
        to: members.map((member) => ({ name: member.name, address: member.email })),
        ...mail,
      });
    }
  }

}

/** Who gets a closed request's ranking: the request's creator if still active; else every active user who may edit requests (identity's `staffToTell`). */
export function rankingRecipients(manager: EntityManager, createdBy: string | null): Promise<StaffMember[]> {
  return staffToTell(manager, { preferred: createdBy, permission: 'purchase-requests.update' });
}

/**
 * `procurement.request-reopened`: a closed request was opened again by moving its deadline; the
 * supplier is told in its language, with the request, the new deadline and a new personal link (a new
 * token replaces its hash, as a resend does: the earlier mails' links stop working, as the mail says).
 * `invitedAt` is set to the procurement clock's now: this is the supplier's latest invitation. Nothing is sent if the request was
 * closed again meanwhile.
 */
@Injectable()
@HandlesJob('procurement.request-reopened')
export class RequestReopenedHandler implements JobHandler<'procurement.request-reopened'> {
  private readonly logger = new Logger(RequestReopenedHandler.name);

  constructor(
    private readonly requests: PurchaseRequestRepository,
    private readonly mailer: OrganizationMailer,
    private readonly config: AppConfig,
    private readonly clock: ProcurementClock,
  ) {}

  async handle({ purchaseRequestId, supplierId }: RequestReopenedJob, { jobId }: JobContext): Promise<void> {
    const request = await this.requests.lock(purchaseRequestId);
    const found = request?.status === 'open' ? await this.requests.mailFacts(purchaseRequestId, supplierId) : null;
    if (!found?.supplier) {
      this.logger.log({ purchaseRequestId, supplierId }, 'Request gone or closed again, or the supplier taken off it; nobody told');
      return;
    }
    const { token, hash } = newSupplierToken();
    await this.requests.invited(purchaseRequestId, supplierId, hash, this.clock.now());
    const mail = supplierInvitationMail(
      found.supplier.language,
      found.facts,
      { base: publicUrl(this.config), organizationSlug: found.organization.slug, purchaseRequestId, supplierId, token },
      'reopened',
    );
    await this.mailer.send({ mailId: jobId, to: [{ name: found.supplier.name, address: found.supplier.email }], ...mail });
  }
}
