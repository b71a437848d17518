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
 */
export async function calculateProducts(
  manager: EntityManager,
  productIds: string[],
  reason: Phrase | string,
  options: { date?: string; quantities?: string[]; onlyIfChanged?: boolean } = {},
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
  const latest = options.onlyIfChanged ? await latestPrices(manager, productIds) : new Map<string, { id: string; tiers: unknown }>();
  const reasonText = typeof reason === 'string' ? reason : LOCALES.map((locale) => say(locale, reason)).join('\n');
  const reasonPhrase = typeof reason === 'string' ? null : JSON.stringify(reason);

  for (const productId of productIds) {
    const product = products.get(productId);
    if (!product) continue;
    const request: PricingRequest = { product, quantities, date, currency, prices: usedPriceData(product, priceData, products) };
    let result: PricedTiers;
    try {
      result = priceTiers(request);
    } catch (error) {
      if (error instanceof PricingError) {
        run.failed.push({ productId, message: error.message, error });
        continue;
      }
      throw error;
    }
    if (options.onlyIfChanged && (await repeatsLatest(manager, latest.get(productId), request, result))) {
      run.unchanged.push(productId);
      // Its latest calculation priced these very inputs: its price is current, whatever was changed and changed back.
      await manager.query(`UPDATE products SET price_stale = false WHERE id = $1`, [productId]);
      continue;
    }
    // The warnings have a column of their own; `result` keeps the shape it always had.
    const { warnings, ...prices } = result;
    const [stored] = await manager.query(
      `INSERT INTO calculations (product_id, index, created_on, reason, reason_phrase, quantities, inputs, result, warnings)
       SELECT $1, coalesce(max(index), 0) + 1, $2, $3, $4, $5::numeric[], $6, $7, $8::jsonb FROM calculations WHERE product_id = $1
       RETURNING id, index, created_on`,
      [productId, date, reasonText, reasonPhrase, quantities, JSON.stringify(request), JSON.stringify(prices), JSON.stringify(warnings)],
    );
    await manager.query(`UPDATE products SET latest_calculation_id = $2, updated_at = now() WHERE id = $1`, [productId, stored.id]);
    run.calculated.push({ id: stored.id, productId, index: stored.index, createdOn: stored.created_on, reason, warnings });
  }
  return run;
}

export { PricingError };

/** The tier prices of each product's latest calculation, in one query; the inputs are read only where the prices are the same. */
async function latestPrices(manager: EntityManager, productIds: string[]): Promise<Map<string, { id: string; tiers: unknown }>> {
  const rows: Array<{ product_id: string; id: string; tiers: unknown }> = await manager.query(
    `SELECT c.product_id, c.id, c.result -> 'tiers' AS tiers FROM products p JOIN calculations c ON c.id = p.latest_calculation_id WHERE p.id = ANY($1::uuid[])`,
    [productIds],
  );
  return new Map(rows.map((row) => [row.product_id, { id: row.id, tiers: row.tiers }]));
}

/**
 * Whether a new calculation would repeat the latest: the same prices and the same inputs
 * (whatever the day). Repricing skips such products. Two changes in a row send a product twice,
 * and a change made just before someone clicked "Calculate" reaches the queue after that
 * calculation, which already has it; neither is a new price.
 */
async function repeatsLatest(
  manager: EntityManager,
  latest: { id: string; tiers: unknown } | undefined,
  request: PricingRequest,
  result: PricedTiers,
): Promise<boolean> {
  if (!latest || !isDeepStrictEqual(latest.tiers, JSON.parse(JSON.stringify(result.tiers)))) return false;
  const [{ inputs }] = await manager.query(`SELECT inputs FROM calculations WHERE id = $1`, [latest.id]);
  return isDeepStrictEqual(inputs, JSON.parse(JSON.stringify({ ...request, date: inputs.date, language: inputs.language })));
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
