import { EntityManager } from 'typeorm';
import { ProductNameRow, ProductPriceRepository, ProductPriceRow } from './product-prices.repository';

export type ProductPrice = ProductPriceRow;
export type ProductName = ProductNameRow;

/**
 * Products' readers for other areas (docs/architecture.md, "Persistence: one rule"): products own how a line's price is
 * found (the latest standard calculation, a chosen what-if, the bulk bands), so an order asks here. Read in the
 * caller's tenant transaction, one statement per call whatever the number of ids.
 */
export const ProductPrices = {
  /** Products by id with the calculation and bands their price is taken from (`chosen`: product id → calculation id). */
  async of(manager: EntityManager, ids: readonly string[], chosen: ReadonlyMap<string, string> = new Map()): Promise<Map<string, ProductPrice>> {
    if (ids.length === 0) return new Map();
    const rows = await new ProductPriceRepository(manager).prices(ids, chosen);
    return new Map(rows.map((row) => [row.id, { ...row, tiers: Array.isArray(row.tiers) ? row.tiers : null }]));
  },

  /** Whether a calculation is a what-if (priced at quantities someone chose); null: no such calculation. */
  calculationWhatIf(manager: EntityManager, id: string): Promise<boolean | null> {
    return new ProductPriceRepository(manager).calculationWhatIf(id);
  },

  /** Which of these calculations are what-ifs (an id without a calculation is not). */
  async whatIfs(manager: EntityManager, ids: ReadonlyArray<string | null>): Promise<Set<string>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return new Set();
    return new Set(await new ProductPriceRepository(manager).whatIfs(wanted));
  },

  /** Which of these products exist here (row-level security hides another organization's). */
  async existing(manager: EntityManager, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    return new Set(await new ProductPriceRepository(manager).existing(ids));
  },

  /** Which of these products have a calculation (any, what-ifs too). */
  async calculated(manager: EntityManager, ids: ReadonlyArray<string | null>): Promise<Set<string>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return new Set();
    return new Set(await new ProductPriceRepository(manager).calculated(wanted));
  },

  /** The products' names and numbers (id → product; an id without a product is absent). */
  async names(manager: EntityManager, ids: ReadonlyArray<string | null>): Promise<Map<string, ProductName>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return new Map();
    const rows = await new ProductPriceRepository(manager).names(wanted);
    return new Map(rows.map((row) => [row.id, row]));
  },
};
