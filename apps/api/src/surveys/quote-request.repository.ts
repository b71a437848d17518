import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import { PageMaterial, PageMaterials, WishedMaterial } from '../master-data';
import { ProductPrices } from '../products';
import { readSettings } from '../settings';
import type { DrawingVerdict } from './quote-request.rules';

/** A quote request as it is stored. */
export interface NewQuoteRequest {
  surveyId: string;
  customerId: string;
  company: string;
  name: string;
  email: string;
  quantities: number[];
  materialId: string | null;
  materialText: string | null;
  thickness: string | null;
  note: string | null;
  language: 'en' | 'de';
  address: string;
  tokenHash: string;
}

/** A quote request as its page, its mails and staff read it. */
export interface QuoteRequestRow {
  id: string;
  surveyId: string | null;
  surveyNumber: string | null;
  customerId: string | null;
  company: string;
  name: string;
  email: string;
  quantities: number[];
  materialId: string | null;
  materialName: string | null;
  materialText: string | null;
  thickness: string | null;
  note: string | null;
  language: 'en' | 'de';
  indicativePrices: Record<string, unknown>;
  createdAt: Date;
}

const QUOTE_COLUMNS = `q.id, q.survey_id AS "surveyId", s.number AS "surveyNumber", q.customer_id AS "customerId", q.company, q.name, q.email,
  q.quantities, q.material_id AS "materialId", q.material_text AS "materialText", q.thickness::text AS thickness,
  q.note, q.language, q.indicative_prices AS "indicativePrices", q.created_at AS "createdAt"`;
const QUOTE_FROM = `quote_requests q LEFT JOIN surveys s ON s.id = q.survey_id`;

/**
 * The quote page's data (docs/api-surveys.md "The quote-request page"), read and written in the caller's tenant
 * transaction: a request, its customer matched or made, the page's public facts, the indicative prices per drawing.
 */
/** An address's requests within the window, by the database's clock. */
export interface RecentRequests {
  count: number;
  oldest: Date | null;
  now: Date;
}

/** A drawing of a request as the progress page shows it. */
export interface QuoteDrawing {
  id: string;
  fileName: string | null;
  status: 'created' | 'processing' | 'success' | 'error';
  reader: 'cad' | 'ai';
  contentType: string | null;
  error: { key: string; params?: Record<string, number> } | null;
}

/** A read drawing's input, for pricing its parts. */
export interface ReadDrawing {
  status: string;
  contentType: string | null;
  warnings: unknown[];
}

/** A request as stored, before its wished material is named. */
type StoredQuoteRequestRow = Omit<QuoteRequestRow, 'materialName'>;

/** A part a drawing made, with its count and the reader's warnings. */
export interface DrawingPart {
  productId: string;
  name: string;
  count: number | null;
  warnings: unknown[];
}

@Injectable()
export class QuoteRequestRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The organization's materials as the page offers them: names and thicknesses only (master data's reader). */
  materials(): Promise<PageMaterial[]> {
    return PageMaterials.offered(this.manager);
  }

  /** The wished material, or undefined: none here (master data's reader). */
  materialExists(id: string): Promise<WishedMaterial | undefined> {
    return PageMaterials.wished(this.manager, id);
  }

  /** The address's requests within the window: their count and the oldest, by the database's clock. */
  async recentRequests(address: string, windowMinutes: number): Promise<RecentRequests> {
    // Requests sent at once from one address are counted one after another.
    await this.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('quote-page request ' || current_organization_id() || ' ' || $1, 0))`, [address]);
    const [row] = await this.manager.query<RecentRequests[]>(
      `SELECT count(*)::int AS count, min(created_at) AS oldest, now() AS now FROM quote_requests WHERE address = $1 AND created_at > now() - make_interval(mins => $2)`,
      [address, windowMinutes],
    );
    return row;
  }

  /** A survey for staff, marked as from the quote page. */
  async insertSurvey(values: { number: string; title: string; customerId: string }): Promise<string> {
    const [row] = await this.manager.query<Array<{ id: string }>>(`INSERT INTO surveys (number, title, customer_id, source) VALUES ($1, $2, $3, 'quote-page') RETURNING id`, [
      values.number,
      values.title,
      values.customerId,
    ]);
    return row.id;
  }

  async insert(request: NewQuoteRequest): Promise<string> {
    const [row] = await this.manager.query<Array<{ id: string }>>(
      `INSERT INTO quote_requests (survey_id, customer_id, company, name, email, quantities, material_id, material_text, thickness, note, language, address, token_hash)
       VALUES ($1, $2, $3, $4, $5, $6::int[], $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        request.surveyId,
        request.customerId,
        request.company,
        request.name,
        request.email,
        request.quantities,
        request.materialId,
        request.materialText,
        request.thickness,
        request.note,
        request.language,
        request.address,
        request.tokenHash,
      ],
    );
    return row.id;
  }

  /** The request with its wished material's name (master data's reader); undefined stays undefined. */
  private async withMaterialName(row: StoredQuoteRequestRow | undefined): Promise<QuoteRequestRow | undefined> {
    if (!row) return undefined;
    const material = row.materialId ? await PageMaterials.wished(this.manager, row.materialId) : undefined;
    return { ...row, materialName: material?.name ?? null };
  }

  async find(id: string): Promise<QuoteRequestRow | undefined> {
    const [row] = await this.manager.query<StoredQuoteRequestRow[]>(`SELECT ${QUOTE_COLUMNS} FROM ${QUOTE_FROM} WHERE q.id = $1`, [id]);
    return this.withMaterialName(row);
  }

  /** The request a token opens (by its hash), or undefined. */
  async opened(id: string, tokenHash: string): Promise<QuoteRequestRow | undefined> {
    const [row] = await this.manager.query<StoredQuoteRequestRow[]>(`SELECT ${QUOTE_COLUMNS} FROM ${QUOTE_FROM} WHERE q.id = $1 AND (q.token_hash = $2 OR q.mail_token_hash = $2)`, [id, tokenHash]);
    return this.withMaterialName(row);
  }

  async ofSurvey(surveyId: string): Promise<QuoteRequestRow | undefined> {
    const [row] = await this.manager.query<StoredQuoteRequestRow[]>(`SELECT ${QUOTE_COLUMNS} FROM ${QUOTE_FROM} WHERE q.survey_id = $1`, [surveyId]);
    return this.withMaterialName(row);
  }

  /** The survey's drawings in upload order, with what the progress page needs of each. */
  async drawings(surveyId: string): Promise<QuoteDrawing[]> {
    return this.manager.query<QuoteDrawing[]>(
      `SELECT id, file_name AS "fileName", status, reader, content_type AS "contentType", error FROM survey_inputs WHERE survey_id = $1 ORDER BY created_at, id`,
      [surveyId],
    );
  }

  /** A read drawing's input and its parts, for pricing them. */
  async drawingParts(surveyInputId: string): Promise<{ input: ReadDrawing | undefined; parts: DrawingPart[] }> {
    const [input] = await this.manager.query<ReadDrawing[]>(`SELECT status, content_type AS "contentType", warnings FROM survey_inputs WHERE id = $1`, [surveyInputId]);
    const stored = await this.manager.query<Array<Omit<DrawingPart, 'name'>>>(
      `SELECT sp.product_id AS "productId", sp.quantity::float8 AS count, sp.warnings
         FROM survey_products sp WHERE sp.survey_input_id = $1 ORDER BY sp.position`,
      [surveyInputId],
    );
    const names = await ProductPrices.names(this.manager, stored.map((part) => part.productId));
    // A survey product always has its product (a foreign key); one gone meanwhile is left out, as the join left it.
    const parts = stored.flatMap((part) => {
      const product = names.get(part.productId);
      return product ? [{ productId: part.productId, name: product.name, count: part.count, warnings: part.warnings }] : [];
    });
    return { input, parts };
  }

  /** The acknowledgement mail's own token (its hash), replacing an earlier mail's. */
  async storeMailToken(id: string, hash: string): Promise<void> {
    await this.manager.query(`UPDATE quote_requests SET mail_token_hash = $2, updated_at = now() WHERE id = $1`, [id, hash]);
  }

  /** The file names of the request's survey, in upload order. */
  async fileNames(surveyId: string | null): Promise<string[]> {
    if (!surveyId) return [];
    const rows: Array<{ fileName: string | null }> = await this.manager.query(`SELECT file_name AS "fileName" FROM survey_inputs WHERE survey_id = $1 ORDER BY created_at, id`, [surveyId]);
    return rows.map((row) => row.fileName ?? '').filter(Boolean);
  }

  /** Stores a drawing's verdict (merged: two drawings' jobs take turns on the row). */
  async storeVerdict(id: string, surveyInputId: string, verdict: DrawingVerdict): Promise<void> {
    await this.manager.query(`UPDATE quote_requests SET indicative_prices = indicative_prices || jsonb_build_object($2::text, $3::jsonb), updated_at = now() WHERE id = $1`, [
      id,
      surveyInputId,
      JSON.stringify(verdict),
    ]);
  }

  /** The settings the page and the mails read, slug → stored value (settings' `readSettings`). */
  settings(slugs: readonly string[]): Promise<Record<string, unknown>> {
    return readSettings(this.manager, slugs);
  }
}
