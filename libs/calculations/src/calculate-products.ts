import { isDeepStrictEqual } from 'node:util';
import { EntityManager } from 'typeorm';
import { organizationCurrency } from '@fabquote/database';
import { isPhrase, Locale, LOCALES, Phrase, say } from '@fabquote/i18n';
import { PricedTiers, PriceData, priceProduct, PricingError, PricingRequest, PricingResult, PricingWarning, priceTiers, Product, tierPricesOf } from '@fabquote/pricing';
import { CalculationStoreRepository, StoredCalculationRow } from './calculation-store.repository';
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
  const setting = await new CalculationStoreRepository(manager).quantityTiersSetting();
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
  const store = new CalculationStoreRepository(manager);
  await store.lockProducts(productIds);
  const date = options.date ?? today();
  const quantities = options.quantities ?? (await standardTiers(manager));
  const currency = await organizationCurrency(manager);
  const products = await loadProducts(manager, productIds);
  const priceData = await loadPriceData(manager, products.values());
  const run: CalculationRun = { calculated: [], unchanged: [], failed: [] };
  const followed = options.onlyIfChanged ? await followedCalculations(store, productIds) : new Map<string, Followed[]>();
  const reasonText = typeof reason === 'string' ? reason : LOCALES.map((locale) => say(locale, reason)).join('\n');
  const reasonPhrase = typeof reason === 'string' ? null : JSON.stringify(reason);

  // Every product priced first; the figures repricing follows are then read in one query, only for those whose unit
  // prices came out the same (after a price change, mostly none), and compared whole.
  const priced: Array<{ productId: string; results: Array<{ target: Followed | null; request: PricingRequest; result: PricedTiers }>; failed: boolean }> = [];
  for (const productId of productIds) {
    const product = products.get(productId);
    if (!product) continue;
    const prices = usedPriceData(product, priceData, products);
    // What to price: the calculations repricing follows (never calculated: the standard tiers), else one at `quantities`.
    const targets: Array<Followed | null> = options.onlyIfChanged ? (followed.get(productId) ?? [null]) : [null];
    const entry: (typeof priced)[number] = { productId, results: [], failed: false };
    priced.push(entry);
    for (const target of targets) {
      const request: PricingRequest = { product, quantities: target?.quantities ?? quantities, date, currency, prices };
      try {
        entry.results.push({ target, request, result: priceTiers(request) });
      } catch (error) {
        if (error instanceof PricingError) {
          run.failed.push({ productId, message: error.message, error });
          entry.failed = true;
          break;
        }
        throw error;
      }
    }
  }
  const comparable = options.onlyIfChanged
    ? await followedFigures(
        store,
        priced.flatMap((entry) => entry.results.filter(({ target, result }) => target && !unitPricesDiffer(target.unitPrices, result.tiers)).map(({ target }) => (target as Followed).id)),
      )
    : new Map<string, FollowedFigures>();

  // What to store, written at the end in one statement (two round trips per product were most of repricing's time).
  const rows: NewCalculation[] = [];
  const latest = new Set<string>();
  for (const { productId, results, failed } of priced) {
    let stored = false;
    for (const { target, request, result } of results) {
      if (options.onlyIfChanged && target && repeatsLatest(comparable.get(target.id), result)) continue;
      // The warnings have a column of their own; `result` keeps the shape it always had.
      const { warnings, ...figures } = result;
      rows.push({ productId, request, figures, warnings, whatIf: target ? target.whatIf : Boolean(options.whatIf) });
      stored = true;
    }
    if (failed) continue;
    if (stored) latest.add(productId);
    else run.unchanged.push(productId);
  }
  run.calculated = await insertCalculations(store, rows, { date, reason, reasonText, reasonPhrase });
  if (latest.size > 0) {
    // Each product's newest calculation (the last stored for it) becomes its latest.
    const newest = new Map(run.calculated.map((calculation) => [calculation.productId, calculation.id]));
    const ids = [...latest];
    await store.setLatest(ids, ids.map((id) => newest.get(id)));
  }
  if (run.unchanged.length > 0) {
    // Their calculations already give these figures: their price is current, whatever was changed (and changed back).
    await store.markPriceCurrent(run.unchanged);
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

/** Stores the calculations in one statement, in the order given (`CalculationStoreRepository.insertCalculations`). */
async function insertCalculations(
  store: CalculationStoreRepository,
  rows: NewCalculation[],
  { date, reason, reasonText, reasonPhrase }: { date: string; reason: Phrase | string; reasonText: string; reasonPhrase: string | null },
): Promise<StoredCalculation[]> {
  if (rows.length === 0) return [];
  const stored = await store.insertCalculations(
    rows.map((row) => ({ productId: row.productId, quantities: row.request.quantities, inputs: row.request, result: row.figures, warnings: row.warnings, whatIf: row.whatIf })),
    { date, reasonText, reasonPhrase },
  );
  // Back in the order given: a product's rows by index.
  const byProduct = new Map<string, StoredCalculationRow[]>();
  for (const row of [...stored].sort((a, b) => a.index - b.index)) {
    const list = byProduct.get(row.product_id);
    if (list) list.push(row);
    else byProduct.set(row.product_id, [row]);
  }
  return rows.map((row) => {
    const next = (byProduct.get(row.productId) as StoredCalculationRow[]).shift() as StoredCalculationRow;
    return { id: next.id, productId: row.productId, index: next.index, createdOn: next.created_on, reason, warnings: row.warnings };
  });
}

/** A calculation repricing follows: its id, its unit price per tier, the quantities it priced and whether it is a what-if. */
interface Followed {
  id: string;
  unitPrices: unknown;
  quantities: string[];
  whatIf: boolean;
}

/** A followed calculation's figures per tier and warnings, read only where its unit prices match the new ones. */
interface FollowedFigures {
  tiers: unknown;
  warnings: unknown;
}

export { PricingError };

/**
 * What repricing follows per product, in one query: its latest calculation, preceded by its latest standard one
 * when the latest is a what-if (oldest first, the order they are stored again in). Of the figures only the unit
 * prices are read: after a price change they mostly differ, and the whole tiers are read (`followedFigures`) only
 * where they do not.
 */
async function followedCalculations(store: CalculationStoreRepository, productIds: string[]): Promise<Map<string, Followed[]>> {
  const rows = await store.followedCalculations(productIds);
  const followed = new Map<string, Followed[]>();
  for (const row of rows) {
    const list = followed.get(row.product_id) ?? [];
    list.push({ id: row.id, unitPrices: row.unit_prices, quantities: row.quantities, whatIf: row.what_if });
    followed.set(row.product_id, list);
  }
  return followed;
}

/** The figures per tier and warnings of the given calculations, in one query (none asked: none read). */
async function followedFigures(store: CalculationStoreRepository, calculationIds: string[]): Promise<Map<string, FollowedFigures>> {
  if (calculationIds.length === 0) return new Map();
  const rows = await store.calculationFigures(calculationIds);
  return new Map(rows.map((row) => [row.id, { tiers: row.tiers, warnings: row.warnings }]));
}

/**
 * Whether a new calculation would repeat the one it follows: the same figures (prices per tier) and the same
 * warnings, whatever the inputs and the day. Repricing skips such products. Two changes in a row send a
 * product twice, a change made just before someone clicked "Calculate" reaches the queue after that
 * calculation, and a change that the engine overrules (a material's price per unit where its group's list
 * applies) prices the same; none is a new price.
 */
function repeatsLatest(latest: FollowedFigures | undefined, result: PricedTiers): boolean {
  if (!latest) return false;
  if (!isDeepStrictEqual(latest.tiers, JSON.parse(JSON.stringify(result.tiers)))) return false;
  return isDeepStrictEqual(latest.warnings ?? [], JSON.parse(JSON.stringify(result.warnings ?? [])));
}

/**
 * A quick look before the whole comparison: a different number of tiers or a different unit price in any tier (as
 * stored, JSON: the stored unit prices, `$[*].unitPrice` of its tiers) is a new price for sure. Repricing after a
 * price change mostly finds that, and the figures of the calculation followed are read and compared whole only
 * where they may be equal.
 */
function unitPricesDiffer(stored: unknown, tiers: PricedTiers['tiers']): boolean {
  if (!Array.isArray(stored) || stored.length !== tiers.length) return true;
  return tiers.some((tier, index) => JSON.stringify(stored[index]) !== JSON.stringify(tier.unitPrice));
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
