import { Injectable } from '@nestjs/common';
import type { Phrase } from '@fabquote/i18n';
import { Assets, Materials } from '../master-data';
import { MaterialChange, NewProducts, ProductEdits, ProductionLine } from '../products';
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
    private readonly edits: ProductEdits,
  ) {}

  /**
   * The customer's material and thickness wish on the products an input made (a DXF of a quote request says
   * neither): the material's thickness where none is wished; written by products' `ProductEdits` in the reading
   * job's transaction, so the products' own pricing (relayed after it commits) prices them so.
   */
  async applyWish(surveyInputId: string, wish: MaterialChange): Promise<void> {
    if (!wish.materialId && !wish.thickness) return;
    const thickness = wish.thickness ?? (wish.materialId ? await this.materials.thickness(wish.materialId) : null);
    await this.edits.setMaterial(await this.surveys.productsOfInput(surveyInputId), { materialId: wish.materialId, thickness });
  }

  /**
   * Writes the drafts; with `check` (a CAD file), each product is checked against the shop's limits
   * (`implausibility`): a flagged one gets the warnings and is left out of `priced`, so it is not priced until
   * staff confirm it (Calculate). `ids` in the drafts' order; `flagged` the plausibility warnings, each once.
   */
  async write(input: InputToRead, drafts: ProductDraft[], check?: { unitless: boolean }): Promise<{ ids: string[]; priced: string[]; flagged: Phrase[] }> {
    const limits = check ? await this.partLimits() : null;
    const flagged = new Map<string, Phrase>();
    const priced: string[] = [];
    // Inputs read at once would pick the same free number ("MP-100-2") and one would fail on the unique
    // number: the organization's survey writes take turns from here to their commit (a few ms each).
    await this.surveys.takeTurnWriting();
    const made = await this.surveys.productCount(input.surveyId);
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
      await this.surveys.addSurveyProduct({
        surveyId: input.surveyId,
        inputId: input.id,
        productId,
        position,
        quantity: draft.quantity,
        extracted: draft.extracted,
        confidence,
        unmatched,
        warnings,
      });
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
