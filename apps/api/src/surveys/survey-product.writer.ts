import { Injectable } from '@nestjs/common';
import type { Phrase } from '@fabquote/i18n';
import { Assets, Materials } from '../master-data';
import { NewProducts, ProductionLine } from '../products';
import { readSettings } from '../settings';
import { DEFAULT_PART_LIMITS, implausibility, NAME_GUESS, PART_LIMIT_SETTINGS, PartLimits, ProductDraft, productNumber } from './product-drafts';
import { InputToRead, SurveyRepository } from './survey.repository';

const lower = (values: Array<string | null>) => [...new Set(values.filter((value): value is string => !!value?.trim()).map((value) => value.trim().toLowerCase()))];

/**
 * Creates an input's products in the job's transaction: each product with its geometry and
 * production lines, status "Generated from data extractor", and the survey product linking it to its
 * input with what was read. All or nothing: the transaction also holds the input's `success` and the
 * handled-jobs ledger, and `survey_products` is unique per (input, position). The products are made by
 * products' `NewProducts` and the materials and the laser read through master data's services, in the
 * same transaction (docs/architecture.md, "Who owns which table").
 */
@Injectable()
export class SurveyProductWriter {
  constructor(
    private readonly surveys: SurveyRepository,
    private readonly products: NewProducts,
    private readonly materials: Materials,
    private readonly assets: Assets,
  ) {}

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
    const materials = await this.materials.matching(lower(drafts.map((draft) => draft.material)));
    const laser = await this.laserLine();
    const taken = await this.products.takenNumbers(drafts.map((draft, index) => draft.number?.trim() || `${input.surveyNumber}-${made + index + 1}`));

    const ids: string[] = [];
    for (const [position, draft] of drafts.entries()) {
      const number = productNumber(draft.number, input.surveyNumber, made + position + 1, taken);
      taken.add(number);
      const hinted = draft.material ? null : await this.materials.namedIn(draft.materialHint);
      const materialId = draft.material ? (materials.get(draft.material.trim().toLowerCase()) ?? null) : hinted;
      // A material found in the file's name is a guess; so is the thickness it brings.
      let confidence = hinted ? { ...draft.confidence, material: NAME_GUESS } : draft.confidence;
      // No thickness read: the matched material's (its height), else the material costs nothing in every tier.
      let thickness = draft.thickness;
      if (thickness === null && materialId) {
        thickness = await this.materials.thickness(materialId);
        if (thickness !== null) confidence = { ...confidence, thickness: hinted ? NAME_GUESS : (confidence.material ?? 1) };
      }
      const unmatched = draft.material && !materialId ? ['material'] : [];
      const implausible = limits ? implausibility({ ...draft, thickness }, limits, check!.unitless) : [];
      for (const warning of implausible) flagged.set(JSON.stringify(warning), warning);
      const warnings = [...(draft.warnings ?? []), ...implausible];
      const productId = await this.products.create({
        name: draft.name,
        number,
        status: 'generated_from_data_extractor',
        customerId: input.customerId,
        materialId,
        thickness,
        blankWidth: draft.blankWidth,
        blankLength: draft.blankLength,
        area: draft.area,
        volume: draft.volume,
        contours: draft.contours,
        holes: draft.holes,
        bends: draft.bends,
        lines: laser && draft.contours.length + draft.holes.length > 0 ? [laser] : [],
      });
      await manager.query(
        `INSERT INTO survey_products (survey_id, survey_input_id, product_id, position, quantity, extracted, confidence, unmatched, warnings)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::text[], $9::jsonb)`,
        [input.surveyId, input.id, productId, position, draft.quantity, JSON.stringify(draft.extracted), JSON.stringify(confidence), unmatched, JSON.stringify(warnings)],
      );
      ids.push(productId);
      if (!implausible.length) priced.push(productId);
    }
    return { ids, priced, flagged: [...flagged.values()] };
  }

  /** The shop's part limits: its settings where they hold a positive number, else the defaults. */
  private async partLimits(): Promise<PartLimits> {
    const stored = await readSettings(this.surveys.manager, Object.values(PART_LIMIT_SETTINGS));
    const limits = { ...DEFAULT_PART_LIMITS };
    for (const [field, slug] of Object.entries(PART_LIMIT_SETTINGS) as Array<[keyof PartLimits, string]>) {
      const given = stored[slug];
      const value = typeof given === 'string' ? Number(given.trim().replace(',', '.')) : typeof given === 'number' ? given : NaN;
      if (Number.isFinite(value) && value > 0) limits[field] = value;
    }
    return limits;
  }

  /**
   * How this shop books its laser: its laser machine (master data's) with the operation and rates its products'
   * lines most often give that machine (none yet: the machine alone, and "Calculate" says which rate is missing).
   * Null: no laser.
   */
  private async laserLine(): Promise<ProductionLine | null> {
    const laser = await this.assets.laser();
    return laser ? this.products.usualLine(laser) : null;
  }
}
