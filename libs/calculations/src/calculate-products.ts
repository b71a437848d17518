import { isDeepStrictEqual } from 'node:util';
import { EntityManager } from 'typeorm';
import { organizationCurrency } from '@fabquote/database';
import { isPhrase, Locale, LOCALES, Phrase, say } from '@fabquote/i18n';
import { PricedTiers, PriceData, priceProduct, PricingError, PricingRequest, PricingResult, PricingWarning, priceTiers, Product, tierPricesOf } from '@fabquote/pricing';
import { loadPriceData, loadProducts } from './load-pricing-data';

export const STANDARD_TIERS = ['1', '5', '10', '25', '50', '100', '250', '500', '1000'];

export interface StoredCalculation {
  id: string;
  productId: string;
  index: number;
  createdOn: string;
  reason: Phrase | string;
  /** What came out missing or zero (`PricingWarning`s, phrases); stored with the calculation, said with `warningsIn`. */
  warnings: PricingWarning[];
}

export interface CalculationRun {
  calculated: StoredCalculation[];
  /** With `onlyIfChanged`: products whose latest calculation already has these inputs and prices. */
  unchanged: string[];
  /** Products that could not be priced (a missing price, say), with the engine's reason (`error.messageIn(locale)`). */
  failed: Array<{ productId: string; message: string; error: PricingError }>;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The organization's standard tiers (setting `quantity-tiers`), else 1, 5, 10 … 1000. */
export async function standardTiers(manager: EntityManager): Promise<string[]> {
  const [setting] = await manager.query(`SELECT value FROM settings WHERE slug = 'quantity-tiers'`);
  const values: unknown[] = Array.isArray(setting?.value) ? setting.value : [];
  const tiers = values.map(String).filter((value) => /^[1-9]\d*$/.test(value));
  return tiers.length > 0 ? [...new Set(tiers)].sort((a, b) => Number(a) - Number(b)) : STANDARD_TIERS;
}

/**
 * Only the price data a product tree uses: the snapshot stored with a calculation
 * names every input it was priced from, and nothing else.
 */
function usedPriceData(product: Product, all: Omit<PriceData, 'products'>, products: Map<string, Product>): PriceData {
  const tree: Product[] = [];
  const visit = (current: Product) => {
    if (tree.includes(current)) return;
    tree.push(current);
    for (const line of current.parts ?? []) {
      const below = line.kind === 'sub-assembly' ? products.get(line.productId) : undefined;
      if (below) visit(below);
    }
  };
  visit(product);
  const materialIds = new Set(tree.flatMap((item) => [item.materialId, ...(item.materials ?? []).map((line) => line.materialId)]).filter(Boolean));
  const materials = (all.materials ?? []).filter((material) => materialIds.has(material.id));
  const groupIds = new Set(materials.map((material) => material.groupId).filter(Boolean));
  const assetIds = new Set(tree.flatMap((item) => (item.operations ?? []).map((line) => line.assetId)).filter(Boolean));
  const partIds = new Set(tree.flatMap((item) => (item.parts ?? []).flatMap((line) => (line.kind === 'part' ? [line.partId] : []))));
  const operationIds = new Set(tree.flatMap((item) => (item.operations ?? []).map((line) => line.operationId)).filter(Boolean));
  return {
    materials,
    groups: (all.groups ?? []).filter((group) => groupIds.has(group.id)),
    assets: (all.assets ?? []).filter((asset) => assetIds.has(asset.id)),
    parts: (all.parts ?? []).filter((part) => partIds.has(part.id)),
    suppliables: (all.suppliables ?? []).filter(
      (suppliable) => (suppliable.partId && partIds.has(suppliable.partId)) || (suppliable.operationId && operationIds.has(suppliable.operationId)),
    ),
    factors: all.factors ?? [],
    products: tree.slice(1),
  };
}

/**
 * Prices products at the organization's standard tiers on today's prices and stores
 * each result as a new calculation (index 1, 2, 3 … per product) with every input
 * used, so it never changes when prices change later. The prices are stored; their
 * explanation is written again from the inputs when the calculation is opened. Runs in the caller's tenant
 * transaction; the API's "Calculate" and the worker's repricing both call it. The `reason` is
 * kept as a phrase, said in each reader's language (`reasonIn`); a text (from a job queued before
 * reasons were phrases) is kept as it is.
 *
 * `whatIf`: priced at quantities someone chose ("Quantities…"), stored as a what-if (`calculations.what_if`),
 * which order items never take a price from by themselves. `onlyIfChanged` (repricing) follows what is there:
 * each product is priced again at the quantities of its latest calculation (a what-if stays a what-if), and
 * when that is a what-if, its latest standard calculation is repriced first at its own quantities, so the
 * prices orders take stay current and the what-if stays the latest; a calculation whose figures would not
 * change gets no successor.
 */
export async function calculateProducts(
  manager: EntityManager,
  productIds: string[],
  reason: Phrase | string,
  options: { date?: string; quantities?: string[]; onlyIfChanged?: boolean; whatIf?: boolean } = {},
): Promise<CalculationRun> {
  // The products are locked first, all in one order (so two runs never wait on each other crosswise),
  // and everything is read after: two runs at once give consecutive indexes, the second prices what
  // the first committed and sees the first's calculation as the latest, so a change sent twice is stored once.
  await manager.query(`SELECT 1 FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [productIds]);
  const date = options.date ?? today();
  const quantities = options.quantities ?? (await standardTiers(manager));
  const currency = await organizationCurrency(manager);
  const products = await loadProducts(manager, productIds);
  const priceData = await loadPriceData(manager, products.values());
  const run: CalculationRun = { calculated: [], unchanged: [], failed: [] };
  const followed = options.onlyIfChanged ? await followedCalculations(manager, productIds) : new Map<string, Followed[]>();
  const reasonText = typeof reason === 'string' ? reason : LOCALES.map((locale) => say(locale, reason)).join('\n');
  const reasonPhrase = typeof reason === 'string' ? null : JSON.stringify(reason);

  // What to store, written at the end in one statement (two round trips per product were most of repricing's time).
  const rows: NewCalculation[] = [];
  const latest = new Set<string>();
  for (const productId of productIds) {
    const product = products.get(productId);
    if (!product) continue;
    const prices = usedPriceData(product, priceData, products);
    // What to price: the calculations repricing follows (never calculated: the standard tiers), else one at `quantities`.
    const targets: Array<Followed | null> = options.onlyIfChanged ? (followed.get(productId) ?? [null]) : [null];
    let stored = false;
    let failed = false;
    for (const target of targets) {
      const request: PricingRequest = { product, quantities: target?.quantities ?? quantities, date, currency, prices };
      let result: PricedTiers;
      try {
        result = priceTiers(request);
      } catch (error) {
        if (error instanceof PricingError) {
          run.failed.push({ productId, message: error.message, error });
          failed = true;
          break;
        }
        throw error;
      }
      if (options.onlyIfChanged && repeatsLatest(target ?? undefined, result)) continue;
      // The warnings have a column of their own; `result` keeps the shape it always had.
      const { warnings, ...figures } = result;
      rows.push({ productId, request, figures, warnings, whatIf: target ? target.whatIf : Boolean(options.whatIf) });
      stored = true;
    }
    if (failed) continue;
    if (stored) latest.add(productId);
    else run.unchanged.push(productId);
  }
  run.calculated = await insertCalculations(manager, rows, { date, reason, reasonText, reasonPhrase });
  if (latest.size > 0) {
    // Each product's newest calculation (the last stored for it) becomes its latest.
    const newest = new Map(run.calculated.map((calculation) => [calculation.productId, calculation.id]));
    const ids = [...latest];
    await manager.query(
      `UPDATE products p SET latest_calculation_id = v.calculation_id, updated_at = now()
         FROM unnest($1::uuid[], $2::uuid[]) AS v(product_id, calculation_id) WHERE p.id = v.product_id`,
      [ids, ids.map((id) => newest.get(id))],
    );
  }
  if (run.unchanged.length > 0) {
    // Their calculations already give these figures: their price is current, whatever was changed (and changed back).
    await manager.query(`UPDATE products SET price_stale = false WHERE id = ANY($1::uuid[])`, [run.unchanged]);
  }
  return run;
}

/** A calculation to store: a product priced at its quantities. */
interface NewCalculation {
  productId: string;
  request: PricingRequest;
  figures: Omit<PricedTiers, 'warnings'>;
  warnings: PricingWarning[];
  whatIf: boolean;
}

/**
 * Stores the calculations in one statement, in the order given: each gets its product's next index (after the
 * stored ones, then in order when a product has two), read inside the statement while the products are locked.
 * The stored indexes are read for all the products at once (`= ANY`), not per row: on a table PostgreSQL has not
 * analysed yet, a per-row look went through the organization's index, every calculation of it once per row.
 */
async function insertCalculations(
  manager: EntityManager,
  rows: NewCalculation[],
  { date, reason, reasonText, reasonPhrase }: { date: string; reason: Phrase | string; reasonText: string; reasonPhrase: string | null },
): Promise<StoredCalculation[]> {
  if (rows.length === 0) return [];
  // One JSON parameter (pg sends a string as it is; arrays of long texts it escapes character by character).
  const values = JSON.stringify(
    rows.map((row) => ({ productId: row.productId, quantities: row.request.quantities, inputs: row.request, result: row.figures, warnings: row.warnings, whatIf: row.whatIf })),
  );
  const stored: Array<{ id: string; product_id: string; index: number; created_on: string }> = await manager.query(
    `INSERT INTO calculations (product_id, index, created_on, reason, reason_phrase, quantities, inputs, result, warnings, what_if)
     SELECT v.product_id, coalesce(stored.last, 0) + row_number() OVER (PARTITION BY v.product_id ORDER BY v.ord),
            $2::date, $3::text, $4::jsonb, v.quantities, v.inputs, v.result, v.warnings, v.what_if
       FROM (SELECT (e.value ->> 'productId')::uuid AS product_id,
                    ARRAY(SELECT jsonb_array_elements_text(e.value -> 'quantities'))::numeric[] AS quantities,
                    e.value -> 'inputs' AS inputs, e.value -> 'result' AS result, e.value -> 'warnings' AS warnings,
                    (e.value ->> 'whatIf')::boolean AS what_if, e.ord
               FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, ord)) v
       LEFT JOIN (SELECT product_id, max(index) AS last FROM calculations WHERE product_id = ANY($5::uuid[]) GROUP BY product_id) stored
         ON stored.product_id = v.product_id
      ORDER BY v.ord
     RETURNING id, product_id, index, created_on`,
    [values, date, reasonText, reasonPhrase, [...new Set(rows.map((row) => row.productId))]],
  );
  // Back in the order given: a product's rows by index.
  const byProduct = new Map<string, typeof stored>();
  for (const row of [...stored].sort((a, b) => a.index - b.index)) {
    const list = byProduct.get(row.product_id);
    if (list) list.push(row);
    else byProduct.set(row.product_id, [row]);
  }
  return rows.map((row) => {
    const next = (byProduct.get(row.productId) as typeof stored).shift() as (typeof stored)[number];
    return { id: next.id, productId: row.productId, index: next.index, createdOn: next.created_on, reason, warnings: row.warnings };
  });
}

/** A calculation repricing follows: its id, its figures per tier, the quantities it priced and whether it is a what-if. */
interface Followed {
  id: string;
  tiers: unknown;
  warnings: unknown;
  quantities: string[];
  whatIf: boolean;
}

export { PricingError };

/**
 * What repricing follows per product, in one query: its latest calculation, preceded by its latest standard one
 * when the latest is a what-if (oldest first, the order they are stored again in).
 */
async function followedCalculations(manager: EntityManager, productIds: string[]): Promise<Map<string, Followed[]>> {
  const rows: Array<{ product_id: string; id: string; tiers: unknown; warnings: unknown; quantities: string[]; what_if: boolean }> = await manager.query(
    `SELECT c.product_id, c.id, c.result -> 'tiers' AS tiers, c.warnings, c.quantities::text[] AS quantities, c.what_if, 0 AS rank
       FROM products p
       JOIN calculations latest ON latest.id = p.latest_calculation_id
       JOIN LATERAL (
         SELECT s.id FROM calculations s WHERE s.product_id = p.id AND NOT s.what_if AND latest.what_if ORDER BY s.index DESC LIMIT 1
       ) standard ON true
       JOIN calculations c ON c.id = standard.id
      WHERE p.id = ANY($1::uuid[])
     UNION ALL
     SELECT c.product_id, c.id, c.result -> 'tiers', c.warnings, c.quantities::text[], c.what_if, 1
       FROM products p JOIN calculations c ON c.id = p.latest_calculation_id
      WHERE p.id = ANY($1::uuid[])
     ORDER BY product_id, rank`,
    [productIds],
  );
  const followed = new Map<string, Followed[]>();
  for (const row of rows) {
    const list = followed.get(row.product_id) ?? [];
    list.push({ id: row.id, tiers: row.tiers, warnings: row.warnings, quantities: row.quantities, whatIf: row.what_if });
    followed.set(row.product_id, list);
  }
  return followed;
}

/**
 * Whether a new calculation would repeat the one it follows: the same figures (prices per tier) and the same
 * warnings, whatever the inputs and the day. Repricing skips such products. Two changes in a row send a
 * product twice, a change made just before someone clicked "Calculate" reaches the queue after that
 * calculation, and a change that the engine overrules (a material's price per unit where its group's list
 * applies) prices the same; none is a new price.
 */
function repeatsLatest(latest: Followed | undefined, result: PricedTiers): boolean {
  if (!latest || unitPricesDiffer(latest.tiers, result.tiers)) return false;
  if (!isDeepStrictEqual(latest.tiers, JSON.parse(JSON.stringify(result.tiers)))) return false;
  return isDeepStrictEqual(latest.warnings ?? [], JSON.parse(JSON.stringify(result.warnings ?? [])));
}

/**
 * A quick look before the whole comparison: a different number of tiers or a different unit price in any tier (as
 * stored, JSON) is a new price for sure. Repricing after a price change mostly finds that, and the deep comparison
 * of every figure (most of a repriced product's time but the engine's) is left for the figures that may be equal.
 */
function unitPricesDiffer(stored: unknown, tiers: PricedTiers['tiers']): boolean {
  if (!Array.isArray(stored) || stored.length !== tiers.length) return true;
  return tiers.some((tier, index) => JSON.stringify((stored[index] as { unitPrice?: unknown } | null)?.unitPrice) !== JSON.stringify(tier.unitPrice));
}

/**
 * A stored calculation explained again from its inputs: the engine is pure, so it gives the
 * very figures it gave then. Null if it no longer gives the stored prices (the engine changed
 * since): the prices stay as stored, and no explanation is offered that does not add up to them.
 */
export function explainCalculation(inputs: PricingRequest, stored: PricedTiers, language: Locale = 'en'): PricingResult | null {
  let result: PricingResult;
  try {
    result = priceProduct({ ...inputs, language });
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
  return isDeepStrictEqual(result.tiers.map(tierPricesOf), stored.tiers) ? result : null;
}

/**
 * A calculation's warnings (its `warnings` column) in the reader's language; a calculation stored
 * before there were warnings has none.
 */
export function warningsIn(locale: Locale, stored: { warnings?: unknown }): string[] {
  return Array.isArray(stored.warnings) ? stored.warnings.filter(isPhrase).map((warning) => say(locale, warning)) : [];
}

/** Why a calculation was made, in the reader's language; one stored before reasons were phrases has its own text. */
export function reasonIn(locale: Locale, stored: { reason?: unknown; reason_phrase?: unknown }): string {
  return isPhrase(stored.reason_phrase) ? say(locale, stored.reason_phrase) : String(stored.reason ?? '');
}
