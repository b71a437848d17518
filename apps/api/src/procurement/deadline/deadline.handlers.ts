import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig, publicUrl } from '@fabquote/config';
import { Organization, organizationCurrency, organizationTimeZone, TenantTransactions } from '@fabquote/database';
import { Locale } from '@fabquote/i18n';
import { OrganizationMailer } from '@fabquote/mail';
import { HandlesJob, JobContext, JobHandler, RankingMailJob, RequestReopenedJob } from '@fabquote/queue';
import { StaffMember, staffToTell } from '../../identity';
import { RankedOffer, rankingMail } from './deadline-mails';
import { supplierInvitationMail } from '../shared/procurement-mails';
import { PurchaseRequestRepository } from '../shared/purchase-request.repository';
import { offersPageLink } from '../shared/mail-links';
import { newSupplierToken } from '../shared/supplier-token';
import { ProcurementClock } from '../shared/procurement-clock';

/** How many prices (line × quantity) the request asks: each operation and each part at each of its product's quantities. */
const ASKED_PRICES = `
  SELECT (SELECT count(*) FROM purchase_request_operations r JOIN product_operations po ON po.id = r.product_operation_id
            JOIN purchase_request_products rp ON rp.purchase_request_id = r.purchase_request_id AND rp.product_id = po.product_id
            CROSS JOIN LATERAL unnest(rp.quantities) q WHERE r.purchase_request_id = $1)
       + (SELECT count(*) FROM purchase_request_parts r JOIN product_parts pp ON pp.id = r.product_part_id
            JOIN purchase_request_products rp ON rp.purchase_request_id = r.purchase_request_id AND rp.product_id = pp.product_id
            CROSS JOIN LATERAL unnest(rp.quantities) q WHERE r.purchase_request_id = $1) AS asked`;

/**
 * The latest offer of each supplier, best first: by the stored rating's rank when the offers are rated
 * (the rating job, `rating_rank` 1 = best, and `rating_stars`), then the most of the asked prices given (prices at
 * quantities not asked are not counted),
 * the lowest landed total (Σ unit price × quantity, plus packaging, shipping and customs; exact
 * `numeric`), the earliest.
 */
const RANKED_OFFERS = `
  SELECT s.name AS "supplierName", o.lead_time_days AS "leadTimeDays", p.priced, p.total::text AS "landedTotal",
         o.rating_stars AS stars, o.rated_at IS NOT NULL AS rated
    FROM supplier_offers o
    JOIN suppliers s ON s.id = o.supplier_id
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS priced,
             coalesce(sum(x.unit_price * x.quantity), 0) + o.packaging_cost + o.shipping_cost + o.customs_cost AS total
        FROM supplier_offer_prices x
       WHERE x.supplier_offer_id = o.id
         -- Only prices at asked quantities count, as in the rating and the award.
         AND EXISTS (
           SELECT 1 FROM purchase_request_operations r JOIN product_operations po ON po.id = r.product_operation_id
             JOIN purchase_request_products rp ON rp.purchase_request_id = r.purchase_request_id AND rp.product_id = po.product_id
            WHERE r.id = x.purchase_request_operation_id AND x.quantity = ANY(rp.quantities)
           UNION ALL
           SELECT 1 FROM purchase_request_parts r JOIN product_parts pp ON pp.id = r.product_part_id
             JOIN purchase_request_products rp ON rp.purchase_request_id = r.purchase_request_id AND rp.product_id = pp.product_id
            WHERE r.id = x.purchase_request_part_id AND x.quantity IN (SELECT asked * pp.quantity FROM unnest(rp.quantities) asked))) p
   WHERE o.purchase_request_id = $1 AND o.latest
   ORDER BY o.rating_rank NULLS LAST, p.priced DESC, p.total, o.submitted_at, s.name`;

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
    private readonly mailer: OrganizationMailer,
    private readonly config: AppConfig,
  ) {}

  async handle({ purchaseRequestId, closedBy, recipientId }: RankingMailJob, { jobId }: JobContext): Promise<void> {
    const manager = this.tenant.manager();
    const [request] = await manager.query(
      `SELECT number, name, status, closed_at, created_by FROM purchase_requests WHERE id = $1`,
      [purchaseRequestId],
    );
    if (request?.status !== 'closed') {
      this.logger.log({ purchaseRequestId }, 'Request gone or opened again; no ranking sent');
      return;
    }
    const organization = await manager.getRepository(Organization).findOneByOrFail({ id: this.tenant.organizationId() });
    const ranked: Array<RankedOffer & { rated: boolean }> = await manager.query(RANKED_OFFERS, [purchaseRequestId]);
    const offers: RankedOffer[] = ranked.map(({ rated: _rated, ...offer }) => offer);
    const [{ asked }] = await manager.query(ASKED_PRICES, [purchaseRequestId]);
    const without: Array<{ name: string }> = await manager.query(
      `SELECT s.name FROM purchase_request_suppliers rs JOIN suppliers s ON s.id = rs.supplier_id
        WHERE rs.purchase_request_id = $1
          AND NOT EXISTS (SELECT 1 FROM supplier_offers o WHERE o.purchase_request_id = rs.purchase_request_id AND o.supplier_id = rs.supplier_id)
        ORDER BY s.name`,
      [purchaseRequestId],
    );
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
      closedAt: request.closed_at as Date,
      timeZone: await organizationTimeZone(manager),
      closedBy,
      rankedBy: ranked.length > 0 && ranked.every((offer) => offer.rated) ? ('rating' as const) : ('price' as const),
      offers,
      asked: Number(asked),
      currency: await organizationCurrency(manager),
      suppliersWithoutOffer: without.map((supplier) => supplier.name),
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
