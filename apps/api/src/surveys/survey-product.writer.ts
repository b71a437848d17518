import { Injectable } from '@nestjs/common';
import type { Phrase } from '@fabquote/i18n';
import { DEFAULT_PART_LIMITS, implausibility, NAME_GUESS, PART_LIMIT_SETTINGS, PartLimits, ProductDraft, productNumber } from './product-drafts';
import { InputToRead, SurveyRepository } from './survey.repository';

const lower = (values: Array<string | null>) => [...new Set(values.filter((value): value is string => !!value?.trim()).map((value) => value.trim().toLowerCase()))];

/** A production line as the product's operations table holds it (rates as exact decimals). */
interface ProductionLine {
  operationId: string | null;
  assetId: string;
  hourlyRate: string | null;
  programTime: string | null;
  programRate: string | null;
}

/**
 * Creates an input's products in the job's transaction: each product with its geometry and
 * production lines, status "Generated from data extractor", and the survey product linking it to its
 * input with what was read. All or nothing: the transaction also holds the input's `success` and the
 * handled-jobs ledger, and `survey_products` is unique per (input, position).
 */
@Injectable()
export class SurveyProductWriter {
  constructor(private readonly surveys: SurveyRepository) {}

  /**
   * Writes the drafts; with `check` (a CAD file), each product is checked against the shop's limits
   * (`implausibility`): a flagged one gets the warnings and is left out of `priced`, so it is not priced until
   * staff confirm it (Calculate). `ids` in the drafts' order; `flagged` the plausibility warnings, each once.
   */
  async write(input: InputToRead, drafts: ProductDraft[], check?: { unitless: boolean }): Promise<{ ids: string[]; priced: string[]; flagged: Phrase[] }> {
    const manager = this.surveys.manager;
    const limits = check ? await this.partLimits() : null;
    const flagged = new Map<string, Phrase>();
    const priced: string[] = [];
    // Inputs read at once would pick the same free number ("MP-100-2") and one would fail on the unique
    // number: the organization's survey writes take turns from here to their commit (a few ms each).
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('survey-products:' || current_organization_id()::text))`);
    const [{ made }] = await manager.query(`SELECT count(*)::int AS made FROM survey_products WHERE survey_id = $1`, [input.surveyId]);
    const materials = await this.matches(lower(drafts.map((draft) => draft.material)));
    const laser = await this.laserLine();
    const taken = await this.takenNumbers(drafts.map((draft, index) => draft.number?.trim() || `${input.surveyNumber}-${made + index + 1}`));

    const ids: string[] = [];
    for (const [position, draft] of drafts.entries()) {
      const number = productNumber(draft.number, input.surveyNumber, made + position + 1, taken);
      taken.add(number);
      const hinted = draft.material ? null : await this.materialNamedIn(draft.materialHint);
      const materialId = draft.material ? (materials.get(draft.material.trim().toLowerCase()) ?? null) : hinted;
      // A material found in the file's name is a guess; so is the thickness it brings.
      let confidence = hinted ? { ...draft.confidence, material: NAME_GUESS } : draft.confidence;
      // No thickness read: the matched material's (its height), else the material costs nothing in every tier.
      let thickness = draft.thickness;
      if (thickness === null && materialId) {
        thickness = await this.materialThickness(materialId);
        if (thickness !== null) confidence = { ...confidence, thickness: hinted ? NAME_GUESS : (confidence.material ?? 1) };
      }
      const unmatched = draft.material && !materialId ? ['material'] : [];
      const implausible = limits ? implausibility({ ...draft, thickness }, limits, check!.unitless) : [];
      for (const warning of implausible) flagged.set(JSON.stringify(warning), warning);
      const warnings = [...(draft.warnings ?? []), ...implausible];
      const [product] = await manager.query(
        `INSERT INTO products (name, number, status, customer_id, material_id, thickness, blank_width, blank_length, area, volume)
         VALUES ($1, $2, 'generated_from_data_extractor', $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [draft.name.slice(0, 255), number, input.customerId, materialId, thickness, draft.blankWidth, draft.blankLength, draft.area, draft.volume],
      );
      await this.lines(product.id, draft, laser && draft.contours.length + draft.holes.length > 0 ? [laser] : []);
      await manager.query(
        `INSERT INTO survey_products (survey_id, survey_input_id, product_id, position, quantity, extracted, confidence, unmatched, warnings)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::text[], $9::jsonb)`,
        [input.surveyId, input.id, product.id, position, draft.quantity, JSON.stringify(draft.extracted), JSON.stringify(confidence), unmatched, JSON.stringify(warnings)],
      );
      ids.push(product.id);
      if (!implausible.length) priced.push(product.id);
    }
    return { ids, priced, flagged: [...flagged.values()] };
  }

  /** The shop's part limits: its settings where they hold a positive number, else the defaults. */
  private async partLimits(): Promise<PartLimits> {
    const slugs = Object.values(PART_LIMIT_SETTINGS);
    const rows: Array<{ slug: string; value: unknown }> = await this.surveys.manager.query(`SELECT slug, value FROM settings WHERE slug = ANY($1::text[])`, [slugs]);
    const limits = { ...DEFAULT_PART_LIMITS };
    for (const [field, slug] of Object.entries(PART_LIMIT_SETTINGS) as Array<[keyof PartLimits, string]>) {
      const stored = rows.find((row) => row.slug === slug)?.value;
      const value = typeof stored === 'string' ? Number(stored.trim().replace(',', '.')) : typeof stored === 'number' ? stored : NaN;
      if (Number.isFinite(value) && value > 0) limits[field] = value;
    }
    return limits;
  }

  /** Contours, holes, bends and operations, each kind in one statement however many there are. */
  private async lines(productId: string, draft: ProductDraft, lines: ProductionLine[]): Promise<void> {
    const manager = this.surveys.manager;
    if (draft.contours.length > 0) {
      await manager.query(`INSERT INTO product_contours (product_id, kind, length) SELECT $1, unnest($2::text[]), unnest($3::numeric[])`, [
        productId,
        draft.contours.map((contour) => contour.kind),
        draft.contours.map((contour) => contour.length),
      ]);
    }
    if (draft.holes.length > 0) {
      await manager.query(`INSERT INTO product_holes (product_id, kind, diameter, count, through) SELECT $1, 'hole', unnest($2::numeric[]), unnest($3::int[]), true`, [
        productId,
        draft.holes.map((hole) => hole.diameter),
        draft.holes.map((hole) => hole.count),
      ]);
    }
    if (draft.bends.length > 0) {
      await manager.query(`INSERT INTO product_bends (product_id, length, angle, count) SELECT $1, unnest($2::numeric[]), unnest($3::numeric[]), unnest($4::int[])`, [
        productId,
        draft.bends.map((bend) => bend.length),
        draft.bends.map((bend) => bend.angle),
        draft.bends.map((bend) => bend.count),
      ]);
    }
    if (lines.length > 0) {
      await manager.query(
        `INSERT INTO product_operations (product_id, operation_id, asset_id, hourly_rate, program_time, program_rate, sorting)
         SELECT $1, l.operation_id, l.asset_id, l.hourly_rate, l.program_time, l.program_rate, l.n * 10
           FROM unnest($2::uuid[], $3::uuid[], $4::numeric[], $5::numeric[], $6::numeric[]) WITH ORDINALITY AS l(operation_id, asset_id, hourly_rate, program_time, program_rate, n)`,
        [
          productId,
          lines.map((line) => line.operationId),
          lines.map((line) => line.assetId),
          lines.map((line) => line.hourlyRate),
          lines.map((line) => line.programTime),
          lines.map((line) => line.programRate),
        ],
      );
    }
  }

  /**
   * The material whose number or name a text holds (`Cover S235-3.dxf`), the longest that fits; at
   * least three characters, so a short number does not match by chance.
   */
  private async materialNamedIn(text: string | null): Promise<string | null> {
    if (!text) return null;
    const [row]: Array<{ id: string }> = await this.surveys.manager.query(
      `SELECT id FROM materials m CROSS JOIN LATERAL (SELECT unnest(ARRAY[m.number, m.name]) AS word) w
        WHERE length(w.word) >= 3 AND position(lower(w.word) IN lower($1)) > 0
        ORDER BY length(w.word) DESC, m.created_at, m.id LIMIT 1`,
      [text],
    );
    return row?.id ?? null;
  }

  /** A material's thickness (its `height`, as sheets are entered), as the exact decimal the column holds; null: none. */
  private async materialThickness(materialId: string): Promise<string | null> {
    const [row]: Array<{ thickness: string | null }> = await this.surveys.manager.query(`SELECT height::text AS thickness FROM materials WHERE id = $1 AND height > 0`, [materialId]);
    return row?.thickness ?? null;
  }

  /**
   * How this shop books its laser: its laser machine (time model `laser-cutting`, a quick-select one
   * first) with the operation and rates its products' lines most often give that machine (none yet:
   * the machine alone, and "Calculate" says which rate is missing). Null: no laser.
   */
  private async laserLine(): Promise<ProductionLine | null> {
    const [laser]: ProductionLine[] = await this.surveys.manager.query(
      `SELECT a.id AS "assetId", usual.operation_id AS "operationId", usual.hourly_rate::text AS "hourlyRate",
              usual.program_time::text AS "programTime", usual.program_rate::text AS "programRate"
         FROM assets a
         LEFT JOIN LATERAL (
              SELECT po.operation_id, po.hourly_rate, po.program_time, po.program_rate FROM product_operations po
               WHERE po.asset_id = a.id
               GROUP BY po.operation_id, po.hourly_rate, po.program_time, po.program_rate
               ORDER BY count(*) DESC, max(po.created_at) DESC LIMIT 1) usual ON true
        WHERE a.time_model = 'laser-cutting' ORDER BY a.quick_select DESC, a.created_at, a.id LIMIT 1`,
    );
    return laser ?? null;
  }

  /** Material names and numbers (lower case) → the first material's id that has them. */
  private async matches(wanted: string[]): Promise<Map<string, string>> {
    if (wanted.length === 0) return new Map();
    const rows: Array<{ id: string; name: string; number: string | null }> = await this.surveys.manager.query(
      `SELECT id, lower(name) AS name, lower(number) AS number FROM materials WHERE lower(name) = ANY($1) OR lower(number) = ANY($1) ORDER BY created_at, id`,
      [wanted],
    );
    const found = new Map<string, string>();
    for (const row of rows) {
      for (const key of [row.name, row.number]) if (key && wanted.includes(key) && !found.has(key)) found.set(key, row.id);
    }
    return found;
  }

  /** The product numbers of the organization that these bases, or their `-n` variants, could meet. */
  private async takenNumbers(bases: string[]): Promise<Set<string>> {
    const rows: Array<{ number: string }> = await this.surveys.manager.query(
      `SELECT number FROM products WHERE number = ANY($1::text[]) OR substring(number from '^(.*)-[0-9]+$') = ANY($1::text[])`,
      [bases.map((base) => base.slice(0, 240))],
    );
    return new Set(rows.map((row) => row.number));
  }
}
