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
import { askedLines, OfferLineKind } from '../requests/asked-lines';
import { offerPrices, presentOffer } from '../offers/supplier-offers.service';
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
/**
 * The drawing of a product read from a DXF file (surveys): the reader's SVG preview of that file, when the file
 * made this one product only — a file of several parts draws them all, which is not this part's drawing.
 * The latest such file counts. {@link supplierDrawing} writes it again before it leaves.
 */
const PART_DRAWING = `(SELECT i.preview_svg
    FROM survey_products sp
    JOIN survey_inputs i ON i.id = sp.survey_input_id
   WHERE sp.product_id = p.id AND i.preview_svg IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM survey_products other WHERE other.survey_input_id = sp.survey_input_id AND other.product_id <> p.id)
   ORDER BY sp.created_at DESC, sp.survey_input_id
   LIMIT 1)`;

@Injectable()
export class SupplierPageService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly access: SupplierAccess,
    private readonly outbox: EventOutbox,
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
      const [request] = await manager.query(
        `SELECT id, number, name, close_submission_deadline, additional_information, include_product_preview, status
           FROM purchase_requests WHERE id = $1`,
        [page.purchaseRequestId],
      );
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
        products: await this.products(manager, page.purchaseRequestId, request.include_product_preview),
        lines: await this.lines(manager, page.purchaseRequestId),
        files: await this.files(manager, page.purchaseRequestId),
        offer: await this.latestOffer(manager, page),
        questions: await this.questions(manager, page),
      };
    });
  }

  /** One file of the request, for download. */
  file(visit: PageVisit, fileId: string) {
    return this.onPage(visit, false, async (page, manager) => {
      const [file] = UUID.test(fileId)
        ? await manager.query(
            `SELECT file_name, content_type, content FROM purchase_request_files WHERE id = $1 AND purchase_request_id = $2`,
            [fileId, page.purchaseRequestId],
          )
        : [];
      return (file as { file_name: string; content_type: string; content: Buffer } | undefined) ?? null;
    }).then((file) => {
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
      await this.access.refuseTooManyWrites(manager, page);
      const prices = await this.checkedPrices(manager, page.purchaseRequestId, input.prices);
      const [{ revision }] = await manager.query(
        `SELECT coalesce(max(revision), 0) + 1 AS revision FROM supplier_offers WHERE purchase_request_id = $1 AND supplier_id = $2`,
        [page.purchaseRequestId, page.supplierId],
      );
      await manager.query(`UPDATE supplier_offers SET latest = false, updated_at = now() WHERE purchase_request_id = $1 AND supplier_id = $2 AND latest`, [
        page.purchaseRequestId,
        page.supplierId,
      ]);
      const [offer] = await manager.query(
        `INSERT INTO supplier_offers (purchase_request_id, supplier_id, revision, latest, shipping_date, packaging_cost, shipping_cost,
                                      customs_cost, lead_time_days, additional_information, language, submitted_at,
                                      packaging_given, shipping_given, customs_given)
         VALUES ($1, $2, $3, true, $4, $5, $6, $7, $8, $9, $10, now(), $11, $12, $13) RETURNING id`,
        [
          page.purchaseRequestId,
          page.supplierId,
          revision,
          input.shippingDate,
          input.packagingCost ?? 0,
          input.shippingCost ?? 0,
          input.customsCost ?? 0,
          input.leadTimeDays ?? null,
          optionalText(input.additionalInformation),
          visit.pageLanguage ?? page.supplierLanguage,
          // Stored as 0 when left empty; whether it was filled in is what the rating's completeness asks.
          given(input.packagingCost),
          given(input.shippingCost),
          given(input.customsCost),
        ],
      );
      await manager.query(
        `INSERT INTO supplier_offer_prices (supplier_offer_id, purchase_request_operation_id, purchase_request_part_id, quantity, unit_price)
         SELECT $1, CASE WHEN kind = 'operation' THEN line END, CASE WHEN kind = 'part' THEN line END, quantity, unit_price
           FROM unnest($2::text[], $3::uuid[], $4::numeric[], $5::numeric[]) AS price(kind, line, quantity, unit_price)`,
        [
          offer.id,
          prices.map((price) => price.kind),
          prices.map((price) => price.lineId),
          prices.map((price) => String(price.quantity)),
          prices.map((price) => String(price.unitPrice)),
        ],
      );
      // Every revision re-rates all of the request's offers (the rating job, docs/api-procurement.md).
      await this.outbox.emit('procurement.rate-offers', { purchaseRequestId: page.purchaseRequestId });
      return { message: translate(visit.locale, 'offer_submitted'), offer: await this.latestOffer(manager, page) };
    });
  }

  /** A question to staff, who are told by mail; only while offers are taken. */
  ask(visit: PageVisit, input: AskQuestionDto) {
    return this.onPage(visit, true, async (page, manager) => {
      if (!page.submissionAllowed) throw new QuestionsNotAllowed();
      const question = input.question.trim();
      if (!question) throw new FieldInvalid('question', 'question_required');
      await this.access.refuseTooManyWrites(manager, page);
      const [{ id }] = await manager.query(
        `INSERT INTO purchase_request_questions (purchase_request_id, supplier_id, question) VALUES ($1, $2, $3) RETURNING id`,
        [page.purchaseRequestId, page.supplierId, question],
      );
      await this.outbox.emit('procurement.question-asked', { questionId: id });
      const asked = (await this.questions(manager, page)).find((question) => question.id === id);
      return { message: translate(visit.locale, 'question_sent'), question: asked };
    });
  }

  /**
   * The prices with a value, each of a line the request asks and each line and quantity once;
   * none with a value: "Please add at least one pricing tier with values".
   */
  private async checkedPrices(manager: EntityManager, purchaseRequestId: string, prices: SubmitOfferDto['prices']) {
    // Each line with the quantities the page asks (a price at any other quantity is refused).
    const asked = new Map(
      (await askedLines(manager, purchaseRequestId)).map((line) => [`${line.kind}:${line.id}`, new Set(line.quantities.map((quantity) => Number(quantity).toFixed(4)))]),
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

  private async products(manager: EntityManager, purchaseRequestId: string, withPreview: boolean) {
    const rows = await manager.query(
      `SELECT prp.id, prp.product_id, p.name, p.number, prp.quantities,
              m.name AS material_name, p.thickness, p.blank_width, p.blank_length, p.area, p.weight_per_unit,
              ${withPreview ? `(SELECT coalesce(sum(c.count), 0)::int FROM product_contours c WHERE c.product_id = p.id) AS contours,
              (SELECT coalesce(sum(h.count), 0)::int FROM product_holes h WHERE h.product_id = p.id) AS holes,
              (SELECT coalesce(sum(b.count), 0)::int FROM product_bends b WHERE b.product_id = p.id) AS bends,
              ${PART_DRAWING} AS drawing` : '0 AS contours, 0 AS holes, 0 AS bends, NULL AS drawing'}
         FROM purchase_request_products prp
         JOIN products p ON p.id = prp.product_id
         LEFT JOIN materials m ON m.id = p.material_id
        WHERE prp.purchase_request_id = $1
        ORDER BY p.number, prp.id`,
      [purchaseRequestId],
    );
    return rows.map((row: Record<string, string | string[] | number | null>) => ({
      id: row.id,
      productId: row.product_id,
      name: row.name,
      number: row.number,
      quantities: amounts(row.quantities as string[]),
      preview: withPreview
        ? {
            materialName: row.material_name,
            thickness: amount(row.thickness as string | null),
            blankWidth: amount(row.blank_width as string | null),
            blankLength: amount(row.blank_length as string | null),
            area: amount(row.area as string | null),
            weightPerUnit: amount(row.weight_per_unit as string | null),
            contours: row.contours,
            holes: row.holes,
            bends: row.bends,
            drawing: supplierDrawing(row.drawing as string | null),
          }
        : null,
    }));
  }

  /** The operations and parts asked, as the page shows them ({@link askedLines}). */
  private async lines(manager: EntityManager, purchaseRequestId: string) {
    return (await askedLines(manager, purchaseRequestId)).map((line) => ({ ...line, quantities: amounts(line.quantities) }));
  }

  private async files(manager: EntityManager, purchaseRequestId: string) {
    const rows = await manager.query(
      `SELECT id, file_name, content_type, size FROM purchase_request_files WHERE purchase_request_id = $1 ORDER BY created_at, id`,
      [purchaseRequestId],
    );
    return rows.map((row: Record<string, string | number>) => ({ id: row.id, fileName: row.file_name, contentType: row.content_type, size: row.size }));
  }

  /** The offer that counts, with how many the supplier submitted and its prices. */
  private async latestOffer(manager: EntityManager, page: OpenedPage) {
    const offer = await manager
      .getRepository(SupplierOffer)
      .findOne({ where: { purchaseRequestId: page.purchaseRequestId, supplierId: page.supplierId, latest: true } });
    if (!offer) return null;
    return { ...presentOffer(offer, { supplierName: page.supplierName, revisions: offer.revision }), prices: await offerPrices(manager, offer.id) };
  }

  private async questions(manager: EntityManager, page: OpenedPage) {
    const rows = await manager
      .getRepository(PurchaseRequestQuestion)
      .find({ where: { purchaseRequestId: page.purchaseRequestId, supplierId: page.supplierId }, order: { askedAt: 'ASC', id: 'ASC' } });
    return rows.map((row) => ({ id: row.id, question: row.question, askedAt: row.askedAt, answer: row.answer, answeredAt: row.answeredAt }));
  }
}
