import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, publicUrl } from '@fabquote/config';
import { Organization, TenantTransactions } from '@fabquote/database';
import { Locale } from '@fabquote/i18n';
import { OrganizationMailer } from '@fabquote/mail';
import { HandlesJob, JobContext, JobHandler, QuestionJob } from '@fabquote/queue';
import { StaffMember, staffToTell } from '../../identity';
import { supplierContact } from '../../master-data';
import { supplierPageLink } from '../shared/procurement-mails';
import { QuestionMailData, questionAnsweredMail, questionAskedMail } from './question-mails';
import { offersPageLink } from '../shared/mail-links';
import { newSupplierToken } from '../shared/supplier-token';
import { PurchaseRequestRepository } from '../shared/purchase-request.repository';
import { PurchaseRequestQuestionRepository } from './purchase-request-question.repository';

interface QuestionFacts extends QuestionMailData {
  purchaseRequestId: string;
  createdBy: string | null;
  supplierId: string;
  supplierEmail: string;
  supplierLanguage: Locale;
  answer: string | null;
}

/** The question with what its mails say about it, read in the job's tenant transaction; `null` once deleted. */
async function questionFacts(
  tenant: TenantTransactions,
  questions: PurchaseRequestQuestionRepository,
  questionId: string,
): Promise<{ facts: QuestionFacts; organization: Organization } | null> {
  const manager = tenant.manager();
  const organization = await manager.getRepository(Organization).findOneByOrFail({ id: tenant.organizationId() });
  const row = await questions.asked(questionId);
  // The supplier's contact is master data's (docs/architecture.md, "Who owns which table").
  const supplier = row ? await supplierContact(manager, row.supplier_id) : null;
  if (!row || !supplier) return null;
  return {
    organization,
    facts: {
      shop: organization.name,
      requestNumber: row.number,
      requestName: row.request_name,
      supplierName: supplier.name,
      question: row.question,
      answer: row.answer,
      purchaseRequestId: row.purchase_request_id,
      createdBy: row.created_by,
      supplierId: supplier.id,
      supplierEmail: supplier.email,
      supplierLanguage: supplier.language,
    },
  };
}

/**
 * `procurement.question-asked`: tells staff by mail, each in their language, with a link to the
 * request's offers. The request's creator if still active; else every active user who may answer
 * (`purchase-requests.update`). One mail per language; the job id is its Message-ID (with the
 * language when there are several), so a delivery retried by SMTP is recognised as the same mail.
 */
@Injectable()
@HandlesJob('procurement.question-asked')
export class QuestionAskedHandler implements JobHandler<'procurement.question-asked'> {
  private readonly logger = new Logger(QuestionAskedHandler.name);

  constructor(
    private readonly tenant: TenantTransactions,
    private readonly questions: PurchaseRequestQuestionRepository,
    private readonly mailer: OrganizationMailer,
    private readonly config: AppConfig,
  ) {}

  async handle({ questionId }: QuestionJob, { jobId }: JobContext): Promise<void> {
    const found = await questionFacts(this.tenant, this.questions, questionId);
    if (!found) {
      this.logger.log({ questionId }, 'Question gone (its request was deleted); nobody told');
      return;
    }
    const { facts, organization } = found;
    const staff = await this.recipients(facts.createdBy);
    if (staff.length === 0) {
      this.logger.warn({ questionId }, 'Nobody may answer this question: no active user holds purchase-requests.update');
      return;
    }
    const link = offersPageLink(publicUrl(this.config), organization.slug, facts.purchaseRequestId);
    const byLanguage = new Map<Locale, StaffMember[]>();
    for (const member of staff) byLanguage.set(member.language, [...(byLanguage.get(member.language) ?? []), member]);
    for (const [language, members] of byLanguage) {
      const mail = questionAskedMail(language, { ...facts, recipientName: members.length === 1 ? members[0].name : null, link });
      await this.mailer.send({
        mailId: byLanguage.size === 1 ? jobId : `${jobId}-${language}`,
        to: members.map((member) => ({ name: member.name, address: member.email })),
        ...mail,
      });
    }
  }

  /** The request's creator if still active; else every active user who may edit requests (identity's `staffToTell`). */
  private recipients(createdBy: string | null): Promise<StaffMember[]> {
    return staffToTell(this.tenant.manager(), { preferred: createdBy, permission: 'purchase-requests.update' });
  }
}

/**
 * `procurement.question-answered`: mails the supplier its question and staff's answer, in the
 * supplier's language, with a personal link to its page. The token is stored only as a hash, so the
 * answer makes a new one, as a reminder does, in the job's transaction (an SMTP failure rolls it back);
 * the links of earlier mails keep working until the supplier next submits (`supplier-access.ts`).
 */
@Injectable()
@HandlesJob('procurement.question-answered')
export class QuestionAnsweredHandler implements JobHandler<'procurement.question-answered'> {
  private readonly logger = new Logger(QuestionAnsweredHandler.name);

  constructor(
    private readonly tenant: TenantTransactions,
    private readonly questions: PurchaseRequestQuestionRepository,
    private readonly requests: PurchaseRequestRepository,
    private readonly mailer: OrganizationMailer,
    private readonly config: AppConfig,
  ) {}

  async handle({ questionId }: QuestionJob, { jobId }: JobContext): Promise<void> {
    const found = await questionFacts(this.tenant, this.questions, questionId);
    if (!found?.facts.answer) {
      this.logger.log({ questionId }, 'Question gone or without an answer; nothing sent');
      return;
    }
    const { facts, organization } = found;
    const { token, hash } = newSupplierToken();
    const replaced = await this.requests.replaceToken(facts.purchaseRequestId, facts.supplierId, hash);
    // Taken off the request since it asked: the answer still goes out, without a page to link.
    const pageLink = replaced ? supplierPageLink(publicUrl(this.config), organization.slug, facts.purchaseRequestId, facts.supplierId, token) : null;
    const mail = questionAnsweredMail(facts.supplierLanguage, { ...facts, answer: facts.answer!, pageLink });
    await this.mailer.send({ mailId: jobId, to: [{ name: facts.supplierName, address: facts.supplierEmail }], ...mail });
  }
}
