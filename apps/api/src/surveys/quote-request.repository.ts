import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
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
  q.quantities, q.material_id AS "materialId", m.name AS "materialName", q.material_text AS "materialText", q.thickness::text AS thickness,
  q.note, q.language, q.indicative_prices AS "indicativePrices", q.created_at AS "createdAt"`;
const QUOTE_FROM = `quote_requests q LEFT JOIN surveys s ON s.id = q.survey_id LEFT JOIN materials m ON m.id = q.material_id`;

/**
 * The quote page's data (docs/api-surveys.md "The quote-request page"), read and written in the caller's tenant
 * transaction: a request, its customer matched or made, the page's public facts, the indicative prices per drawing.
 */
@Injectable()
export class QuoteRequestRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The organization's materials as the page offers them: names and thicknesses only. */
  async materials(): Promise<Array<{ id: string; name: string; thicknesses: number[] }>> {
    return this.manager.query(
      `SELECT id, name, CASE WHEN height > 0 THEN ARRAY[height::float8] ELSE ARRAY[]::float8[] END AS thicknesses
         FROM materials ORDER BY lower(name), height, id`,
    );
  }

  async materialExists(id: string): Promise<{ id: string; name: string; thickness: string | null } | undefined> {
    const [row] = await this.manager.query(`SELECT id, name, CASE WHEN height > 0 THEN height::text END AS thickness FROM materials WHERE id = $1`, [id]);
    return row;
  }

  /** The address's requests within the window: their count and the oldest, by the database's clock. */
  async recentRequests(address: string, windowMinutes: number): Promise<{ count: number; oldest: Date | null; now: Date }> {
    // Requests sent at once from one address are counted one after another.
    await this.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('quote-page request ' || current_organization_id() || ' ' || $1, 0))`, [address]);
    const [row] = await this.manager.query(
      `SELECT count(*)::int AS count, min(created_at) AS oldest, now() AS now FROM quote_requests WHERE address = $1 AND created_at > now() - make_interval(mins => $2)`,
      [address, windowMinutes],
    );
    return row;
  }

  /** The first customer (oldest) with an address at this domain. */
  async customerAtDomain(domain: string): Promise<string | null> {
    const [row] = await this.manager.query(`SELECT id FROM customers WHERE lower(split_part(email, '@', 2)) = $1 ORDER BY created_at, id LIMIT 1`, [domain]);
    return row?.id ?? null;
  }

  async insertCustomer(values: { company: string; name: string; email: string; language: 'en' | 'de' }): Promise<string> {
    const [row] = await this.manager.query(`INSERT INTO customers (name, contact_info, email, language) VALUES ($1, $2, $3, $4) RETURNING id`, [
      values.company,
      values.name,
      values.email,
      values.language,
    ]);
    return row.id;
  }

  /** A survey for staff, marked as from the quote page. */
  async insertSurvey(values: { number: string; title: string; customerId: string }): Promise<string> {
    const [row] = await this.manager.query(`INSERT INTO surveys (number, title, customer_id, source) VALUES ($1, $2, $3, 'quote-page') RETURNING id`, [
      values.number,
      values.title,
      values.customerId,
    ]);
    return row.id;
  }

  async insert(request: NewQuoteRequest): Promise<string> {
    const [row] = await this.manager.query(
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

  async find(id: string): Promise<QuoteRequestRow | undefined> {
    const [row] = await this.manager.query(`SELECT ${QUOTE_COLUMNS} FROM ${QUOTE_FROM} WHERE q.id = $1`, [id]);
    return row;
  }

  /** The request a token opens (by its hash), or undefined. */
  async opened(id: string, tokenHash: string): Promise<QuoteRequestRow | undefined> {
    const [row] = await this.manager.query(`SELECT ${QUOTE_COLUMNS} FROM ${QUOTE_FROM} WHERE q.id = $1 AND (q.token_hash = $2 OR q.mail_token_hash = $2)`, [id, tokenHash]);
    return row;
  }

  async ofSurvey(surveyId: string): Promise<QuoteRequestRow | undefined> {
    const [row] = await this.manager.query(`SELECT ${QUOTE_COLUMNS} FROM ${QUOTE_FROM} WHERE q.survey_id = $1`, [surveyId]);
    return row;
  }

  /** The survey's drawings in upload order, with what the progress page needs of each. */
  async drawings(surveyId: string): Promise<
    Array<{ id: string; fileName: string | null; status: 'created' | 'processing' | 'success' | 'error'; reader: 'cad' | 'ai'; contentType: string | null; error: { key: string; params?: Record<string, number> } | null }>
  > {
    return this.manager.query(
      `SELECT id, file_name AS "fileName", status, reader, content_type AS "contentType", error FROM survey_inputs WHERE survey_id = $1 ORDER BY created_at, id`,
      [surveyId],
    );
  }

  /** A read drawing's input and its parts, for pricing them. */
  async drawingParts(surveyInputId: string): Promise<{
    input: { status: string; contentType: string | null; warnings: unknown[] } | undefined;
    parts: Array<{ productId: string; name: string; count: number | null; warnings: unknown[] }>;
  }> {
    const [input] = await this.manager.query(`SELECT status, content_type AS "contentType", warnings FROM survey_inputs WHERE id = $1`, [surveyInputId]);
    const parts = await this.manager.query(
      `SELECT sp.product_id AS "productId", p.name, sp.quantity::float8 AS count, sp.warnings
         FROM survey_products sp JOIN products p ON p.id = sp.product_id WHERE sp.survey_input_id = $1 ORDER BY sp.position`,
      [surveyInputId],
    );
    return { input, parts };
  }

  /**
   * The customer's material and thickness wish on the parts a DXF drawing of the request made (a DXF says neither):
   * written in the reading job's transaction, so the products' own pricing (relayed after it commits) prices them so.
   */
  async applyWish(surveyInputId: string, wish: { materialId: string | null; thickness: string | null }): Promise<void> {
    if (!wish.materialId && !wish.thickness) return;
    await this.manager.query(
      `UPDATE products p SET material_id = coalesce($2::uuid, p.material_id), thickness = coalesce($3::numeric, (SELECT m.height FROM materials m WHERE m.id = $2::uuid AND m.height > 0), p.thickness), updated_at = now()
         FROM survey_products sp WHERE sp.product_id = p.id AND sp.survey_input_id = $1`,
      [surveyInputId, wish.materialId, wish.thickness],
    );
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

  /** The settings the page and the mails read, slug → stored value. */
  async settings(slugs: readonly string[]): Promise<Record<string, unknown>> {
    const rows: Array<{ slug: string; value: unknown }> = await this.manager.query(`SELECT slug, value FROM settings WHERE slug = ANY($1::text[])`, [slugs]);
    return Object.fromEntries(rows.map((row) => [row.slug, row.value]));
  }
}
