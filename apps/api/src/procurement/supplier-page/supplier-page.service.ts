import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { organizationCurrency, organizationTimeZone, TenantTransactions } from '@fabquote/database';
import { translate } from '@fabquote/i18n';
import { EventOutbox } from '@fabquote/queue';
import { AppException, FieldInvalid } from '../../common/app-exception';
import { optionalText } from '../../common/text-field';
import { OpenedPage, PageVisit, SupplierAccess, SupplierPageNotFound } from './supplier-access';
import { AskQuestionDto, SubmitOfferDto } from './supplier-page.dto';
import { supplierDrawing } from './supplier-page-drawing';
import { AskedLineRepository } from '../requests/asked-line.repository';
import { OfferLineKind } from '../requests/asked-lines';
import { PurchaseRequestQuestionRepository } from '../requests/purchase-request-question.repository';
import { presentOffer } from '../offers/supplier-offers.service';
import { SupplierOfferRepository } from '../offers/supplier-offer.repository';
import { SupplierPageRepository } from './supplier-page.repository';
import { PurchaseRequestQuestion, SupplierOffer } from '../offers/supplier-offer.entity';

/** After the deadline or a close the page is read-only. */
export class SubmissionNotAllowed extends AppException {
  constructor() {
    super(HttpStatus.CONFLICT, 'submission_not_allowed', 'submission_not_allowed');
  }
}

/** Questions end with submissions: after the deadline or a close nobody reads them in time (409). */
export class QuestionsNotAllowed extends AppException {
  constructor() {
    super(HttpStatus.CONFLICT, 'questions_not_allowed', 'questions_not_allowed');
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const amount = (value: string | null): number | null => (value === null ? null : Number(value));
const amounts = (values: string[] | null): number[] => (values ?? []).map(Number);
/** A cost the supplier filled in: sent, and not empty (`null`, or "" made null by the DTO). */
const given = (cost: number | null | undefined): boolean => cost !== null && cost !== undefined;

/**
 * The supplier's public page (docs/api-procurement.md, "The supplier's page"): what is asked, its
 * offer and its questions. Each call runs in a tenant transaction of its own (the routes are outside
 * the request's): a link that opens nothing is recorded as a failure, committed, and only then
 * answered 404.
 */
@Injectable()
export class SupplierPageService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly access: SupplierAccess,
    private readonly outbox: EventOutbox,
    private readonly pages: SupplierPageRepository,
    private readonly askedLines: AskedLineRepository,
    private readonly questionRecords: PurchaseRequestQuestionRepository,
    private readonly offers: SupplierOfferRepository,
  ) {}

  /** Opens the page, or commits the failure and answers the neutral 404. */
  private async onPage<T>(visit: PageVisit, lock: boolean, work: (page: OpenedPage, manager: EntityManager) => Promise<T>): Promise<T> {
    const answer = await this.tenant.run(visit.organization.id, async (manager) => {
      const page = await this.access.open(manager, visit.key, visit.address, { lock });
      return page ? { found: true as const, value: await work(page, manager) } : { found: false as const };
    });
    if (!answer.found) throw new SupplierPageNotFound();
    return answer.value;
  }

  document(visit: PageVisit) {
    return this.onPage(visit, false, async (page, manager) => {
      const request = await this.pages.request(page.purchaseRequestId);
      return {
        organization: { name: visit.organization.name, timeZone: await organizationTimeZone(manager), currency: (await organizationCurrency(manager)).toUpperCase() },
        request: {
          id: request.id,
          number: request.number,
          name: request.name,
          closeSubmissionDeadline: request.close_submission_deadline,
          additionalInformation: request.additional_information,
          includeProductPreview: request.include_product_preview,
          status: request.status,
        },
        supplier: { id: page.supplierId, name: page.supplierName, language: page.supplierLanguage },
        submissionAllowed: page.submissionAllowed,
        products: await this.products(page.purchaseRequestId, request.include_product_preview),
        lines: await this.lines(page.purchaseRequestId),
        files: await this.files(page.purchaseRequestId),
        offer: await this.latestOffer(manager, page),
        questions: await this.questions(manager, page),
      };
    });
  }

  /** One file of the request, for download. */
  file(visit: PageVisit, fileId: string) {
    return this.onPage(visit, false, async (page) => (UUID.test(fileId) ? this.pages.file(fileId, page.purchaseRequestId) : null)).then((file) => {
      // A file that is not of this request is simply not there; the link itself was right, so no failure is counted.
      if (!file) throw new SupplierPageNotFound();
      return { fileName: file.file_name, contentType: file.content_type, content: file.content };
    });
  }

  /**
   * A new revision of the supplier's offer; the one before stops counting. The request supplier row is
   * locked first, so two submissions at once are numbered one after the other.
   */
  submitOffer(visit: PageVisit, input: SubmitOfferDto) {
    return this.onPage(visit, true, async (page, manager) => {
      if (!page.submissionAllowed) throw new SubmissionNotAllowed();
      await this.access.refuseTooManyWrites(page);
      const prices = await this.checkedPrices(page.purchaseRequestId, input.prices);
      await this.pages.submit(
        {
          purchaseRequestId: page.purchaseRequestId,
          supplierId: page.supplierId,
          shippingDate: input.shippingDate,
          packagingCost: input.packagingCost ?? 0,
          shippingCost: input.shippingCost ?? 0,
          customsCost: input.customsCost ?? 0,
          leadTimeDays: input.leadTimeDays ?? null,
          additionalInformation: optionalText(input.additionalInformation),
          language: visit.pageLanguage ?? page.supplierLanguage,
          // Stored as 0 when left empty; whether it was filled in is what the rating's completeness asks.
          packagingGiven: given(input.packagingCost),
          shippingGiven: given(input.shippingCost),
          customsGiven: given(input.customsCost),
        },
        prices,
      );
      // Every revision re-rates all of the request's offers (the rating job, docs/api-procurement.md).
      await this.outbox.emit('procurement.rate-offers', { purchaseRequestId: page.purchaseRequestId });
      const offer = await this.latestOffer(manager, page);
      if (!offer) throw new Error('The offer just submitted is not there to answer with');
      return { message: translate(visit.locale, 'offer_submitted'), offer };
    });
  }

  /** A question to staff, who are told by mail; only while offers are taken. */
  ask(visit: PageVisit, input: AskQuestionDto) {
    return this.onPage(visit, true, async (page, manager) => {
      if (!page.submissionAllowed) throw new QuestionsNotAllowed();
      const question = input.question.trim();
      if (!question) throw new FieldInvalid('question', 'question_required');
      await this.access.refuseTooManyWrites(page);
      const id = await this.questionRecords.ask(page.purchaseRequestId, page.supplierId, question);
      await this.outbox.emit('procurement.question-asked', { questionId: id });
      const asked = (await this.questions(manager, page)).find((question) => question.id === id);
      if (!asked) throw new Error('The question just asked is not there to answer with');
      return { message: translate(visit.locale, 'question_sent'), question: asked };
    });
  }

  /**
   * The prices with a value, each of a line the request asks and each line and quantity once;
   * none with a value: "Please add at least one pricing tier with values".
   */
  private async checkedPrices(purchaseRequestId: string, prices: SubmitOfferDto['prices']) {
    // Each line with the quantities the page asks (a price at any other quantity is refused).
    const asked = new Map(
      (await this.askedLines.of(purchaseRequestId)).map((line) => [`${line.kind}:${line.id}`, new Set(line.quantities.map((quantity) => Number(quantity).toFixed(4)))]),
    );
    const seen = new Set<string>();
    prices.forEach((price, index) => {
      const line = `${price.kind}:${price.lineId.toLowerCase()}`;
      const quantities = asked.get(line);
      if (!quantities) throw new FieldInvalid(`prices.${index}.lineId`, 'offer_line_unknown');
      const quantity = Number(price.quantity).toFixed(4);
      if (price.unitPrice !== null && price.unitPrice !== undefined && !quantities.has(quantity)) {
        throw new FieldInvalid(`prices.${index}.quantity`, 'offer_quantity_not_asked');
      }
      const tier = `${line}:${quantity}`;
      if (seen.has(tier)) throw new FieldInvalid(`prices.${index}.quantity`, 'offer_quantity_duplicate');
      seen.add(tier);
    });
    const valued = prices.filter((price): price is typeof price & { unitPrice: number } => price.unitPrice !== null && price.unitPrice !== undefined);
    if (valued.length === 0) throw new FieldInvalid('prices', 'pricing_tier_required');
    return valued.map((price) => ({ kind: price.kind as OfferLineKind, lineId: price.lineId, quantity: price.quantity, unitPrice: price.unitPrice }));
  }

  private async products(purchaseRequestId: string, withPreview: boolean) {
    const rows = await this.pages.products(purchaseRequestId, withPreview);
    return rows.map((row) => ({
      id: row.id,
      productId: row.product_id,
      name: row.name,
      number: row.number,
      quantities: amounts(row.quantities),
      preview: withPreview
        ? {
            materialName: row.material_name,
            thickness: amount(row.thickness),
            blankWidth: amount(row.blank_width),
            blankLength: amount(row.blank_length),
            area: amount(row.area),
            weightPerUnit: amount(row.weight_per_unit),
            contours: row.contours,
            holes: row.holes,
            bends: row.bends,
            drawing: supplierDrawing(row.drawing),
          }
        : null,
    }));
  }

  /** The operations and parts asked, as the page shows them (`AskedLineRepository`). */
  private async lines(purchaseRequestId: string) {
    return (await this.askedLines.of(purchaseRequestId)).map((line) => ({ ...line, quantities: amounts(line.quantities) }));
  }

  private async files(purchaseRequestId: string) {
    const rows = await this.pages.files(purchaseRequestId);
    return rows.map((row) => ({ id: row.id, fileName: row.file_name, contentType: row.content_type, size: row.size }));
  }

  /** The offer that counts, with how many the supplier submitted and its prices. */
  private async latestOffer(manager: EntityManager, page: OpenedPage) {
    const offer = await manager
      .getRepository(SupplierOffer)
      .findOne({ where: { purchaseRequestId: page.purchaseRequestId, supplierId: page.supplierId, latest: true } });
    if (!offer) return null;
    const prices = await this.offers.prices(offer.id);
    return {
      ...presentOffer(offer, { supplierName: page.supplierName, revisions: offer.revision }),
      prices: prices.map((row) => ({ kind: row.kind, lineId: row.line_id, quantity: Number(row.quantity), unitPrice: Number(row.unit_price) })),
    };
  }

  private async questions(manager: EntityManager, page: OpenedPage) {
    const rows = await manager
      .getRepository(PurchaseRequestQuestion)
      .find({ where: { purchaseRequestId: page.purchaseRequestId, supplierId: page.supplierId }, order: { askedAt: 'ASC', id: 'ASC' } });
    return rows.map((row) => ({ id: row.id, question: row.question, askedAt: row.askedAt, answer: row.answer, answeredAt: row.answeredAt }));
  }
}
