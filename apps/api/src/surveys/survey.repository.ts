import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import type { MessageKey } from '@fabquote/i18n';
import { userNames } from '../identity';
import { customerFacts } from '../master-data';
import { ProductPrices } from '../products';
import { PLAUSIBILITY_WARNINGS } from './product-drafts';
import type { SurveyInputKind, SurveyInputReader, SurveyInputStatus } from './survey.entity';

/** A survey as its resource answers it, with its customer's and creator's names and its inputs' counts. */
export interface SurveyRow {
  id: string;
  number: string;
  title: string;
  source: string;
  quoteRequestId: string | null;
  customerId: string | null;
  customerName: string | null;
  inputCount: number;
  processingCount: number;
  errorCount: number;
  productCount: number;
  warningCount: number;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An input as stored (without its content): its error and warnings as the job left them (message keys). */
export interface SurveyInputRow {
  id: string;
  surveyId: string;
  kind: SurveyInputKind;
  reader: SurveyInputReader;
  fileName: string | null;
  contentType: string | null;
  size: number | null;
  text: string | null;
  status: SurveyInputStatus;
  error: { key: MessageKey; detail?: string; params?: Record<string, number> } | null;
  warnings: unknown[];
  hasPreview: boolean;
  productCount: number;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

/** A product an input made, with its product's name, number and status; `notPriced` as `withPricing` settles it. */
export interface SurveyProductRow {
  id: string;
  surveyId: string;
  surveyInputId: string;
  productId: string;
  productName: string;
  productNumber: string;
  productStatus: string;
  position: number;
  quantity: number | null;
  /** The reader's fields as read (a JSON document, its shape the reader's). */
  extracted: Record<string, unknown>;
  confidence: Record<string, number>;
  unmatched: string[];
  warnings: unknown[];
  notPriced: boolean;
  createdAt: Date;
}

/** What an UPDATE … RETURNING answers here: the changed row's id, or its new run. */
interface ChangedRow {
  id?: string;
  run?: number;
}

/** The row each view answers. */
interface ViewRows {
  surveys: SurveyRow;
  inputs: SurveyInputRow;
  products: SurveyProductRow;
}

const SURVEY_ROWS = `(
  SELECT s.*, (SELECT q.id FROM quote_requests q WHERE q.survey_id = s.id) AS quote_request_id, c.name AS customer_name, NULL::text AS created_by_name, n.input_count, n.processing_count, n.error_count,
         (SELECT count(*)::int FROM survey_products p WHERE p.survey_id = s.id) AS product_count,
         (SELECT coalesce(sum(jsonb_array_length(i.warnings)), 0)::int FROM survey_inputs i WHERE i.survey_id = s.id) AS warning_count
    FROM surveys s
    LEFT JOIN customers c ON c.id = s.customer_id
   CROSS JOIN LATERAL (
         SELECT count(*)::int AS input_count,
                count(*) FILTER (WHERE i.status IN ('created', 'processing'))::int AS processing_count,
                count(*) FILTER (WHERE i.status = 'error')::int AS error_count
           FROM survey_inputs i WHERE i.survey_id = s.id) n)`;

const SURVEY_COLUMNS = [
  't.id',
  't.number',
  't.title',
  't.source',
  't.quote_request_id AS "quoteRequestId"',
  't.customer_id AS "customerId"',
  't.customer_name AS "customerName"',
  't.input_count AS "inputCount"',
  't.processing_count AS "processingCount"',
  't.error_count AS "errorCount"',
  't.product_count AS "productCount"',
  't.warning_count AS "warningCount"',
  't.created_by AS "createdBy"',
  't.created_by_name AS "createdByName"',
  't.created_at AS "createdAt"',
  't.updated_at AS "updatedAt"',
].join(', ');

/** Inputs without their content (that is `content`'s own route). */
const INPUT_ROWS = `(
  SELECT i.id, i.survey_id, i.kind, i.reader, i.file_name, i.content_type, i.size, i.text, i.status, i.error, i.warnings,
         i.preview_svg IS NOT NULL AS has_preview, i.created_by, i.created_at, i.updated_at, i.finished_at,
         (SELECT count(*)::int FROM survey_products p WHERE p.survey_input_id = i.id) AS product_count
    FROM survey_inputs i)`;

const INPUT_COLUMNS = [
  't.id',
  't.survey_id AS "surveyId"',
  't.kind',
  't.reader',
  't.file_name AS "fileName"',
  't.content_type AS "contentType"',
  't.size',
  't.text',
  't.status',
  't.error',
  't.warnings',
  't.has_preview AS "hasPreview"',
  't.product_count AS "productCount"',
  't.created_by AS "createdBy"',
  't.created_at AS "createdAt"',
  't.updated_at AS "updatedAt"',
  't.finished_at AS "finishedAt"',
].join(', ');

/**
 * A survey product flagged by the plausibility check (one of its warnings); `notPriced` once products' reader says its
 * product has no calculation yet (`SurveysService`, products' `ProductPrices.calculated`).
 */
const FLAGGED = `(${PLAUSIBILITY_WARNINGS.map((key) => `sp.warnings @> '[{"key": "${key}"}]'`).join(' OR ')})`;

const PRODUCT_ROWS = `(
  SELECT sp.*, p.name AS product_name, p.number AS product_number, p.status AS product_status, ${FLAGGED} AS flagged
    FROM survey_products sp JOIN products p ON p.id = sp.product_id)`;

const PRODUCT_COLUMNS = [
  't.id',
  't.survey_id AS "surveyId"',
  't.survey_input_id AS "surveyInputId"',
  't.product_id AS "productId"',
  't.product_name AS "productName"',
  't.product_number AS "productNumber"',
  't.product_status AS "productStatus"',
  't.position',
  't.quantity::float8 AS "quantity"',
  't.extracted',
  't.confidence',
  't.unmatched',
  't.warnings',
  't.flagged AS "notPriced"',
  't.created_at AS "createdAt"',
].join(', ');

const VIEWS = {
  surveys: [SURVEY_ROWS, SURVEY_COLUMNS],
  inputs: [INPUT_ROWS, INPUT_COLUMNS],
  products: [PRODUCT_ROWS, PRODUCT_COLUMNS],
} as const;
export type SurveyView = keyof typeof VIEWS;

export interface NewInput {
  surveyId: string;
  kind: SurveyInputKind;
  reader: SurveyInputReader;
  fileName: string | null;
  contentType: string | null;
  content: Buffer | null;
  text: string | null;
  /** Null: uploaded on the public quote page. */
  createdBy: string | null;
}

/** An input as its job reads it: with its content, its survey's number and customer. */
/** An input's row as a stop, a retry or a job's write locks it. */
export interface LockedInput {
  id: string;
  surveyId: string;
  status: SurveyInputStatus;
  run: number;
  reader: SurveyInputReader;
  kind: SurveyInputKind;
  contentType: string | null;
}

/** An input's file, for download. */
export interface InputFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** A survey product as the reader makes it (`extracted`, `confidence` and `warnings` stored as JSON). */
export interface NewSurveyProduct {
  surveyId: string;
  inputId: string;
  productId: string;
  position: number;
  /** Exact (numeric text). */
  quantity: string | null;
  extracted: unknown;
  confidence: unknown;
  unmatched: string[];
  warnings: unknown[];
}

export interface InputToRead {
  id: string;
  surveyId: string;
  surveyNumber: string;
  customerId: string | null;
  kind: SurveyInputKind;
  reader: SurveyInputReader;
  fileName: string | null;
  contentType: string | null;
  content: Buffer | null;
  text: string | null;
  status: SurveyInputStatus;
  run: number;
}

/**
 * Surveys, their inputs and what the inputs made, read and written in the request's or job's tenant
 * transaction (row-level security keeps every query to the organization, so none filters by it).
 */
@Injectable()
export class SurveyRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The rows of a list, for `readPage` (alias `t`). */
  listBuilder<V extends SurveyView>(view: V): SelectQueryBuilder<ViewRows[V]> {
    const [rows, columns] = VIEWS[view];
    return this.manager.createQueryBuilder().select(columns).from(rows, 't') as unknown as SelectQueryBuilder<ViewRows[V]>;
  }

  async record<V extends SurveyView>(view: V, id: string): Promise<ViewRows[V] | undefined> {
    const [rows, columns] = VIEWS[view];
    const [row] = await this.manager.query<Array<ViewRows[V]>>(`SELECT ${columns} FROM ${rows} t WHERE t.id = $1`, [id]);
    return row;
  }

  async rows<V extends SurveyView>(view: V, ids: string[]): Promise<Array<ViewRows[V]>> {
    const [rows, columns] = VIEWS[view];
    return this.manager.query<Array<ViewRows[V]>>(`SELECT ${columns} FROM ${rows} t WHERE t.id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], t.id)`, [ids]);
  }

  /** Whether the survey, or the customer (master data's reader), is there (row-level security hides another organization's). */
  async exists(table: 'surveys' | 'customers', id: string): Promise<boolean> {
    if (table === 'customers') return (await customerFacts(this.manager, [id])).has(id);
    const rows = await this.manager.query<unknown[]>(`SELECT 1 FROM surveys WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  /** Surveys with their creator named by identity's `userNames` (one statement for the page; no user: null). */
  async withCreatorNames(rows: SurveyRow[]): Promise<SurveyRow[]> {
    const names = await userNames(this.manager, rows.map((row) => row.createdBy));
    return rows.map((row) => ({ ...row, createdByName: row.createdBy ? (names.get(row.createdBy) ?? null) : null }));
  }

  /**
   * Survey products as answered: `notPriced` (read as "flagged by the plausibility check") holds only while the product
   * has no calculation, which products' reader says for the page at once.
   */
  async withPricing(rows: SurveyProductRow[]): Promise<SurveyProductRow[]> {
    const flagged = rows.filter((row) => row.notPriced).map((row) => row.productId);
    const calculated = await ProductPrices.calculated(this.manager, flagged);
    return rows.map((row) => (row.notPriced && calculated.has(row.productId) ? { ...row, notPriced: false } : row));
  }

  async insertSurvey(values: { number: string; title: string; customerId: string | null; createdBy: string }): Promise<string> {
    const [row] = await this.manager.query<Array<{ id: string }>>(`INSERT INTO surveys (number, title, customer_id, created_by) VALUES ($1, $2, $3, $4) RETURNING id`, [
      values.number,
      values.title,
      values.customerId,
      values.createdBy,
    ]);
    return row.id;
  }

  async updateSurvey(id: string, changes: { title?: string; customerId?: string | null }): Promise<boolean> {
    const rows = await this.changed(
      `UPDATE surveys SET title = coalesce($2, title), customer_id = CASE WHEN $3 THEN $4::uuid ELSE customer_id END, updated_at = now()
        WHERE id = $1 RETURNING id`,
      [id, changes.title ?? null, changes.customerId !== undefined, changes.customerId ?? null],
    );
    return rows.length > 0;
  }

  async deleteSurvey(id: string): Promise<void> {
    await this.manager.query(`DELETE FROM surveys WHERE id = $1`, [id]);
  }

  async insertInput(input: NewInput): Promise<string> {
    // Stamped by the clock, not the transaction's start: the files of one upload keep their order (lists sort by created_at).
    const [row] = await this.manager.query<Array<{ id: string }>>(
      `INSERT INTO survey_inputs (survey_id, kind, reader, file_name, content_type, size, content, text, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, clock_timestamp(), clock_timestamp()) RETURNING id`,
      [input.surveyId, input.kind, input.reader, input.fileName, input.contentType, input.content?.length ?? null, input.content, input.text, input.createdBy],
    );
    await this.touchSurvey(input.surveyId);
    return row.id;
  }

  async deleteInput(id: string): Promise<void> {
    await this.manager.query(`DELETE FROM survey_inputs WHERE id = $1`, [id]);
  }

  /** The input's row locked until the transaction ends: a stop, a retry and a job's write take turns. */
  async lockInput(id: string): Promise<LockedInput | undefined> {
    const [row] = await this.manager.query<LockedInput[]>(
      `SELECT id, survey_id AS "surveyId", status, run, reader, kind, content_type AS "contentType" FROM survey_inputs WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row;
  }

  /** Starts another run of the input (a stop or a retry): a job of an earlier run finds another number and writes nothing. */
  async restart(id: string, status: SurveyInputStatus, error: { key: string; detail?: string } | null): Promise<number> {
    const [row] = await this.changed(
      `UPDATE survey_inputs SET run = run + 1, status = $2::text, error = $3::jsonb, updated_at = now(),
              finished_at = CASE WHEN $2::text IN ('success', 'error') THEN now() END
        WHERE id = $1 RETURNING run`,
      [id, status, error === null ? null : JSON.stringify(error)],
    );
    return row.run!;
  }

  /** Marks the input processing if it is still in this run and not finished; false: the job has nothing to do. */
  async startRun(id: string, run: number): Promise<boolean> {
    const rows = await this.changed(
      `UPDATE survey_inputs SET status = 'processing', updated_at = now() WHERE id = $1 AND run = $2 AND status IN ('created', 'processing') RETURNING id`,
      [id, run],
    );
    return rows.length > 0;
  }

  /** The input as its job reads it; undefined when deleted. */
  async inputToRead(id: string): Promise<InputToRead | undefined> {
    const [row] = await this.manager.query<InputToRead[]>(
      `SELECT i.id, i.survey_id AS "surveyId", s.number AS "surveyNumber", s.customer_id AS "customerId", i.kind, i.reader,
              i.file_name AS "fileName", i.content_type AS "contentType", i.content, i.text, i.status, i.run
         FROM survey_inputs i JOIN surveys s ON s.id = i.survey_id WHERE i.id = $1`,
      [id],
    );
    return row;
  }

  /** Locks the input if it is still processing in this run (the job's write); false: stopped, retried or deleted meanwhile. */
  async stillRunning(id: string, run: number): Promise<boolean> {
    const rows = await this.manager.query<unknown[]>(`SELECT 1 FROM survey_inputs WHERE id = $1 AND run = $2 AND status = 'processing' FOR UPDATE`, [id, run]);
    return rows.length > 0;
  }

  /** Ends the input; its `warnings` (the reader's, as phrases) are this run's: none unless given. */
  async finish(
    id: string,
    outcome: { status: 'success' } | { status: 'error'; error: { key: string; detail?: string; params?: Record<string, number> } },
    extra: { text?: string; previewSvg?: string; warnings?: unknown[] } = {},
  ): Promise<void> {
    await this.manager.query(
      `UPDATE survey_inputs SET status = $2::text, error = $3::jsonb, text = coalesce($4, text), preview_svg = coalesce($5, preview_svg),
              warnings = $6::jsonb, finished_at = CASE WHEN $2::text IN ('success', 'error') THEN now() END, updated_at = now()
        WHERE id = $1`,
      [id, outcome.status, outcome.status === 'error' ? JSON.stringify(outcome.error) : null, extra.text ?? null, extra.previewSvg ?? null, JSON.stringify(extra.warnings ?? [])],
    );
  }

  /** A transcript: the input goes on as a text, still processing. */
  async storeTranscript(id: string, text: string): Promise<void> {
    await this.manager.query(`UPDATE survey_inputs SET text = $2, updated_at = now() WHERE id = $1`, [id, text]);
  }

  /** A survey product locked until the transaction ends, with its product and survey; null: not found. */
  async lockSurveyProduct(id: string): Promise<{ productId: string; surveyId: string } | null> {
    const [row] = await this.manager.query<Array<{ productId: string; surveyId: string }>>(
      `SELECT product_id AS "productId", survey_id AS "surveyId" FROM survey_products WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row ?? null;
  }

  /** The products an input made, in its order. */
  async productsOfInput(surveyInputId: string): Promise<string[]> {
    const rows = await this.manager.query<Array<{ product_id: string }>>(`SELECT product_id FROM survey_products WHERE survey_input_id = $1 ORDER BY position`, [surveyInputId]);
    return rows.map((row) => row.product_id);
  }

  /**
   * The organization's survey writes take turns from here to their commit (a few ms each): inputs read at once
   * would pick the same free product number and one would fail on the unique number.
   */
  async takeTurnWriting(): Promise<void> {
    await this.manager.query(`SELECT pg_advisory_xact_lock(hashtext('survey-products:' || current_organization_id()::text))`);
  }

  /** How many products the survey made so far (its next number follows). */
  async productCount(surveyId: string): Promise<number> {
    const [{ made }] = await this.manager.query<Array<{ made: number }>>(`SELECT count(*)::int AS made FROM survey_products WHERE survey_id = $1`, [surveyId]);
    return made;
  }

  /** A product read from an input, with what the reader found, how sure it was and what it warns of. */
  async addSurveyProduct(product: NewSurveyProduct): Promise<void> {
    await this.manager.query(
      `INSERT INTO survey_products (survey_id, survey_input_id, product_id, position, quantity, extracted, confidence, unmatched, warnings)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::text[], $9::jsonb)`,
      [
        product.surveyId,
        product.inputId,
        product.productId,
        product.position,
        product.quantity,
        JSON.stringify(product.extracted),
        JSON.stringify(product.confidence),
        product.unmatched,
        JSON.stringify(product.warnings),
      ],
    );
  }

  async content(id: string): Promise<InputFile | undefined> {
    const [row] = await this.manager.query<InputFile[]>(
      `SELECT coalesce(file_name, 'input') AS "fileName", coalesce(content_type, 'application/octet-stream') AS "contentType", content FROM survey_inputs WHERE id = $1 AND content IS NOT NULL`,
      [id],
    );
    return row;
  }

  async preview(id: string): Promise<string | undefined> {
    const [row] = await this.manager.query<Array<{ preview_svg: string }>>(`SELECT preview_svg FROM survey_inputs WHERE id = $1 AND preview_svg IS NOT NULL`, [id]);
    return row?.preview_svg;
  }

  /** The rows an UPDATE … RETURNING changed, read through a SELECT: TypeORM answers the UPDATE itself as [rows, count]. */
  private changed(update: string, parameters: unknown[]): Promise<ChangedRow[]> {
    return this.manager.query<ChangedRow[]>(`WITH changed AS (${update}) SELECT * FROM changed`, parameters);
  }

  async touchSurvey(id: string): Promise<void> {
    await this.manager.query(`UPDATE surveys SET updated_at = now() WHERE id = $1`, [id]);
  }
}
