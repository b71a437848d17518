import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, publicUrl } from '@fabquote/config';
import { OrganizationMailer } from '@fabquote/mail';
import { HandlesJob, InviteSupplierJob, JobContext, JobHandler } from '@fabquote/queue';
import { supplierInvitationMail } from '../shared/procurement-mails';
import { PurchaseRequestRepository } from '../shared/purchase-request.repository';
import { newSupplierToken } from '../shared/supplier-token';
import { ProcurementClock } from '../shared/procurement-clock';

/**
 * Mails one supplier its purchase request with a personal link. In the job's tenant transaction a new
 * token's hash replaces the supplier's (the link of an earlier mail stops working once this commits) in
 * the one statement that reads the mail's facts and its sender, and sets `invitedAt` to the procurement
 * clock's now (the reminders count from it); the mail is rendered in the supplier's language and sent
 * with the job id as its Message-ID. The job runner's `handled_jobs` ledger, written in this same
 * transaction, makes a job delivered again do nothing; a send that fails rolls the new hash back with
 * it, and the retry makes another.
 */
@Injectable()
@HandlesJob('procurement.invite-supplier')
export class InviteSupplierHandler implements JobHandler<'procurement.invite-supplier'> {
  private readonly logger = new Logger(InviteSupplierHandler.name);

  constructor(
    private readonly requests: PurchaseRequestRepository,
    private readonly mailer: OrganizationMailer,
    private readonly config: AppConfig,
    private readonly clock: ProcurementClock,
  ) {}

  async handle({ purchaseRequestId, supplierId }: InviteSupplierJob, { jobId }: JobContext): Promise<void> {
    // The token first: the statement that reads the mail's facts records its hash and `invitedAt` too.
    const { token, hash } = newSupplierToken();
    const found = await this.requests.mailFacts(purchaseRequestId, supplierId, { tokenHash: hash, at: this.clock.now() });
    if (!found?.supplier) {
      // Deleted, or the supplier taken off the request, after the send: nobody to write to.
      this.logger.log({ purchaseRequestId, supplierId }, 'Purchase request or supplier gone; no invitation sent');
      return;
    }
    const mail = supplierInvitationMail(found.supplier.language, found.facts, {
      base: publicUrl(this.config),
      organizationSlug: found.organization.slug,
      purchaseRequestId,
      supplierId,
      token,
    });
    const { slug, name, senderSetting } = found.organization;
    await this.mailer.sendAs({ slug, name, setting: senderSetting }, { mailId: jobId, to: [{ name: found.supplier.name, address: found.supplier.email }], ...mail });
  }
}
