import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import type { Locale } from '@fabquote/i18n';
import type { PurchaseRequestStatus } from '../shared/purchase-request.entity';

/** The request supplier row a link opens, with the supplier's name and language for its page. */
export interface LinkRow {
  id: string;
  purchase_request_id: string;
  supplier_id: string;
  name: string;
  email: string;
  language: 'en' | 'de';
  submission_allowed: boolean;
  superseded: boolean;
}

/** A request as the supplier's page shows it. */
export interface PageRequest {
  id: string;
  number: string;
  name: string;
  close_submission_deadline: Date;
  additional_information: string | null;
  include_product_preview: boolean;
  status: PurchaseRequestStatus;
}

/** An asked product as the page shows it: quantities and measures exact (numeric text), the counts only with the preview. */
export interface PageProduct {
  id: string;
  product_id: string;
  name: string;
  number: string;
  quantities: string[] | null;
  material_name: string | null;
  thickness: string | null;
  blank_width: string | null;
  blank_length: string | null;
  area: string | null;
  weight_per_unit: string | null;
  contours: number;
  holes: number;
  bends: number;
  drawing: string | null;
}

/** A file of the request, listed. */
export interface PageFile {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
}

/** A file of the request, for download. */
export interface PageFileContent {
  file_name: string;
  content_type: string;
  content: Buffer;
}

/** A revision as the supplier submits it (costs left empty stored as 0, whether each was given kept beside). */
export interface SubmittedOffer {
  purchaseRequestId: string;
  supplierId: string;
  revision: number;
  shippingDate: string;
  packagingCost: number;
  shippingCost: number;
  customsCost: number;
  leadTimeDays: number | null;
  additionalInformation: string | null;
  language: Locale;
  packagingGiven: boolean;
  shippingGiven: boolean;
  customsGiven: boolean;
}

/** A price of a revision: a line of the request at a quantity. */
export interface SubmittedPrice {
  kind: 'operation' | 'part';
  lineId: string;
  quantity: number;
  unitPrice: number;
}

/**
 * A replaced link (`superseded_supplier_tokens`, kept by a trigger whenever `token_hash` changes) still
 * works while the supplier has submitted no offer since it was replaced: a page left open over a resend
 * or a reminder can still submit what was typed, once. `prs` is the request supplier row; `hash` names the hash's parameter.
 */
const supersededStillValid = (hash: string) => `SELECT 1 FROM superseded_supplier_tokens t
   WHERE t.request_supplier_id = prs.id AND t.token_hash = ${hash}
     AND NOT EXISTS (SELECT 1 FROM supplier_offers o
                      WHERE o.purchase_request_id = prs.purchase_request_id AND o.supplier_id = prs.supplier_id AND o.submitted_at >= t.superseded_at)`;

/**
 * The drawing of a product read from a DXF file (surveys): the reader's SVG preview of that file, when the file
 * made this one product only — a file of several parts draws them all, which is not this part's drawing.
 * The latest such file counts. `supplierDrawing` writes it again before it leaves.
 */
const PART_DRAWING = `(SELECT i.preview_svg
    FROM survey_products sp
    JOIN survey_inputs i ON i.id = sp.survey_input_id
   WHERE sp.product_id = p.id AND i.preview_svg IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM survey_products other WHERE other.survey_input_id = sp.survey_input_id AND other.product_id <> p.id)
   ORDER BY sp.created_at DESC, sp.survey_input_id
   LIMIT 1)`;

/** What the supplier's page reads and writes: the link's check, the request as asked, the offers submitted. */
@Injectable()
export class SupplierPageRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /**
   * The request supplier row the link opens by the hash of its token (the latest link, or a replaced one still in use),
   * until `openDays` after the deadline by `now`; `lock` takes the row FOR UPDATE.
   */
  async link(key: { purchaseRequestId: string; supplierId: string; hash: string }, openDays: number, now: Date, lock: boolean): Promise<LinkRow | null> {
    const [row] = await this.manager.query<LinkRow[]>(
      `SELECT prs.id, prs.purchase_request_id, prs.supplier_id, s.name, s.email, s.language,
              (pr.status = 'open' AND $5::timestamptz < pr.close_submission_deadline) AS submission_allowed,
              prs.token_hash IS DISTINCT FROM $3 AS superseded
         FROM purchase_request_suppliers prs
         JOIN purchase_requests pr ON pr.id = prs.purchase_request_id
         JOIN suppliers s ON s.id = prs.supplier_id
        WHERE prs.purchase_request_id = $1 AND prs.supplier_id = $2
          AND (prs.token_hash = $3 OR EXISTS (${supersededStillValid('$3')}))
          AND $5::timestamptz < pr.close_submission_deadline + make_interval(days => $4)
        ${lock ? 'FOR UPDATE OF prs' : ''}`,
      [key.purchaseRequestId, key.supplierId, key.hash, openDays, now],
    );
    return row ?? null;
  }

  /** Whether a replaced link still opens the row (a statement of its own sees what committed meanwhile). */
  async replacedStillValid(requestSupplierId: string, hash: string): Promise<boolean> {
    const [still] = await this.manager.query<Array<{ valid: boolean }>>(
      `SELECT EXISTS (${supersededStillValid('$2')}) AS valid FROM purchase_request_suppliers prs WHERE prs.id = $1`,
      [requestSupplierId, hash],
    );
    return still?.valid ?? false;
  }

  /** Whether the hash is of a link that once opened this page (replaced since), still within `openDays` after the deadline. */
  async onceOpened(key: { purchaseRequestId: string; supplierId: string; hash: string }, openDays: number, now: Date): Promise<boolean> {
    const rows = await this.manager.query<unknown[]>(
      `SELECT 1 FROM purchase_request_suppliers prs
         JOIN purchase_requests pr ON pr.id = prs.purchase_request_id
         JOIN superseded_supplier_tokens t ON t.request_supplier_id = prs.id AND t.token_hash = $3
        WHERE prs.purchase_request_id = $1 AND prs.supplier_id = $2
          AND $5::timestamptz < pr.close_submission_deadline + make_interval(days => $4) LIMIT 1`,
      [key.purchaseRequestId, key.supplierId, key.hash, openDays, now],
    );
    return rows.length > 0;
  }

  /**
   * The supplier's submissions and questions to the request within the last `windowMinutes` by the database's
   * `now()`: how many, the oldest's time and that now.
   */
  async recentWrites(purchaseRequestId: string, supplierId: string, windowMinutes: number): Promise<{ writes: number; oldest: Date | null; now: Date }> {
    const [row] = await this.manager.query<Array<{ writes: number; oldest: Date | null; now: Date }>>(
      `SELECT count(*)::int AS writes, min(at) AS oldest, now() AS now FROM (
         SELECT submitted_at AS at FROM supplier_offers WHERE purchase_request_id = $1 AND supplier_id = $2 AND submitted_at > now() - make_interval(mins => $3)
         UNION ALL
         SELECT asked_at FROM purchase_request_questions WHERE purchase_request_id = $1 AND supplier_id = $2 AND asked_at > now() - make_interval(mins => $3)
       ) recent`,
      [purchaseRequestId, supplierId, windowMinutes],
    );
    return row;
  }

  async request(purchaseRequestId: string): Promise<PageRequest> {
    const [request] = await this.manager.query<PageRequest[]>(
      `SELECT id, number, name, close_submission_deadline, additional_information, include_product_preview, status
         FROM purchase_requests WHERE id = $1`,
      [purchaseRequestId],
    );
    return request;
  }

  /** The asked products in the page's order; with the preview their geometry's counts and drawing. */
  products(purchaseRequestId: string, withPreview: boolean): Promise<PageProduct[]> {
    return this.manager.query<PageProduct[]>(
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
  }

  files(purchaseRequestId: string): Promise<PageFile[]> {
    return this.manager.query<PageFile[]>(
      `SELECT id, file_name, content_type, size FROM purchase_request_files WHERE purchase_request_id = $1 ORDER BY created_at, id`,
      [purchaseRequestId],
    );
  }

  /** One file of the request; null when it is not of this request. */
  async file(fileId: string, purchaseRequestId: string): Promise<PageFileContent | null> {
    const [file] = await this.manager.query<PageFileContent[]>(
      `SELECT file_name, content_type, content FROM purchase_request_files WHERE id = $1 AND purchase_request_id = $2`,
      [fileId, purchaseRequestId],
    );
    return file ?? null;
  }

  /**
   * A new revision of the supplier's offer with its prices: numbered after the last, the one before no longer
   * the latest. Called holding the request supplier row's lock. Answers the new offer's id.
   */
  async submit(offer: Omit<SubmittedOffer, 'revision'>, prices: SubmittedPrice[]): Promise<string> {
    const [{ revision }] = await this.manager.query<Array<{ revision: number }>>(
      `SELECT coalesce(max(revision), 0) + 1 AS revision FROM supplier_offers WHERE purchase_request_id = $1 AND supplier_id = $2`,
      [offer.purchaseRequestId, offer.supplierId],
    );
    await this.manager.query(`UPDATE supplier_offers SET latest = false, updated_at = now() WHERE purchase_request_id = $1 AND supplier_id = $2 AND latest`, [
      offer.purchaseRequestId,
      offer.supplierId,
    ]);
    const [{ id }] = await this.manager.query<Array<{ id: string }>>(
      `INSERT INTO supplier_offers (purchase_request_id, supplier_id, revision, latest, shipping_date, packaging_cost, shipping_cost,
                                    customs_cost, lead_time_days, additional_information, language, submitted_at,
                                    packaging_given, shipping_given, customs_given)
       VALUES ($1, $2, $3, true, $4, $5, $6, $7, $8, $9, $10, now(), $11, $12, $13) RETURNING id`,
      [
        offer.purchaseRequestId,
        offer.supplierId,
        revision,
        offer.shippingDate,
        offer.packagingCost,
        offer.shippingCost,
        offer.customsCost,
        offer.leadTimeDays,
        offer.additionalInformation,
        offer.language,
        offer.packagingGiven,
        offer.shippingGiven,
        offer.customsGiven,
      ],
    );
    await this.manager.query(
      `INSERT INTO supplier_offer_prices (supplier_offer_id, purchase_request_operation_id, purchase_request_part_id, quantity, unit_price)
       SELECT $1, CASE WHEN kind = 'operation' THEN line END, CASE WHEN kind = 'part' THEN line END, quantity, unit_price
         FROM unnest($2::text[], $3::uuid[], $4::numeric[], $5::numeric[]) AS price(kind, line, quantity, unit_price)`,
      [
        id,
        prices.map((price) => price.kind),
        prices.map((price) => price.lineId),
        prices.map((price) => String(price.quantity)),
        prices.map((price) => String(price.unitPrice)),
      ],
    );
    return id;
  }
}
