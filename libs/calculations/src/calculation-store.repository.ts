import { EntityManager } from 'typeorm';
import type { PricedTiers, PricingRequest, PricingWarning } from '@fabquote/pricing';
import type { PriceSource } from '@fabquote/queue';

/** A setting's stored value (`settings.value`, JSON). */
export interface SettingValueRow {
  value: unknown;
}

/** A product's id. */
export interface ProductIdRow {
  id: string;
}

/** A calculation just stored: its id, product, index and day. */
export interface StoredCalculationRow {
  id: string;
  product_id: string;
  index: number;
  created_on: string;
}

/** A calculation repricing follows: its unit price per tier (as stored, JSON), the quantities it priced, whether a what-if. */
export interface FollowedCalculationRow {
  product_id: string;
  id: string;
  unit_prices: unknown;
  quantities: string[];
  what_if: boolean;
}

/** A calculation's figures per tier and its warnings, as stored (JSON). */
export interface CalculationFiguresRow {
  id: string;
  tiers: unknown;
  warnings: unknown;
}

/** A calculation to store, as `insertCalculations` sends it (one JSON parameter). */
export interface CalculationValues {
  productId: string;
  quantities: PricingRequest['quantities'];
  inputs: PricingRequest;
  result: Omit<PricedTiers, 'warnings'>;
  warnings: PricingWarning[];
  whatIf: boolean;
}

/** Products that use the changed thing directly. */
const DIRECT: Record<PriceSource, string> = {
  material: `SELECT id FROM products WHERE material_id = $1 UNION SELECT product_id FROM product_materials WHERE material_id = $1`,
  group: `SELECT p.id FROM products p JOIN materials m ON m.id = p.material_id WHERE m.group_id = $1
          UNION SELECT pm.product_id FROM product_materials pm JOIN materials m ON m.id = pm.material_id WHERE m.group_id = $1`,
  asset: `SELECT product_id FROM product_operations WHERE asset_id = $1`,
  // A factor applies to whatever its scope multiplies: every product may be affected.
  factor: `SELECT id FROM products WHERE $1::uuid IS NOT NULL`,
  suppliable: `SELECT pp.product_id FROM product_parts pp JOIN suppliables s ON s.part_id = pp.part_id WHERE s.id = $1
               UNION SELECT po.product_id FROM product_operations po JOIN suppliables s ON s.operation_id = po.operation_id WHERE s.id = $1`,
  part: `SELECT product_id FROM product_parts WHERE part_id = $1`,
  product: `SELECT $1::uuid AS id`,
};

/**
 * Where calculations are stored and what repricing reads of them, built over the manager of the caller's tenant
 * transaction (`new CalculationStoreRepository(manager)`). Used by `calculateProducts` and `affectedProducts`.
 */
export class CalculationStoreRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The setting `quantity-tiers`, if the organization has one. */
  async quantityTiersSetting(): Promise<SettingValueRow | null> {
    const [setting] = await this.manager.query<SettingValueRow[]>(`SELECT value FROM settings WHERE slug = 'quantity-tiers'`);
    return setting ?? null;
  }

  /** Locks the products, all in one order (so two runs never wait on each other crosswise). */
  async lockProducts(productIds: string[]): Promise<void> {
    await this.manager.query(`SELECT 1 FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [productIds]);
  }

  /**
   * Stores the calculations in one statement, in the order given: each gets its product's next index (after the
   * stored ones, then in order when a product has two), read inside the statement while the products are locked.
   * The stored indexes are read for all the products at once (`= ANY`), not per row: on a table PostgreSQL has not
   * analysed yet, a per-row look went through the organization's index, every calculation of it once per row.
   * One JSON parameter (pg sends a string as it is; arrays of long texts it escapes character by character).
   */
  insertCalculations(
    calculations: CalculationValues[],
    { date, reasonText, reasonPhrase }: { date: string; reasonText: string; reasonPhrase: string | null },
  ): Promise<StoredCalculationRow[]> {
    return this.manager.query<StoredCalculationRow[]>(
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
      [JSON.stringify(calculations), date, reasonText, reasonPhrase, [...new Set(calculations.map((calculation) => calculation.productId))]],
    );
  }

  /** Makes each given calculation its product's latest (the ids pairwise). */
  async setLatest(productIds: string[], calculationIds: Array<string | undefined>): Promise<void> {
    await this.manager.query(
      `UPDATE products p SET latest_calculation_id = v.calculation_id, updated_at = now()
         FROM unnest($1::uuid[], $2::uuid[]) AS v(product_id, calculation_id) WHERE p.id = v.product_id`,
      [productIds, calculationIds],
    );
  }

  /** Marks the products' price current (their calculations already give these figures). */
  async markPriceCurrent(productIds: string[]): Promise<void> {
    await this.manager.query(`UPDATE products SET price_stale = false WHERE id = ANY($1::uuid[])`, [productIds]);
  }

  /**
   * What repricing follows per product, in one query: its latest calculation, preceded by its latest standard one
   * when the latest is a what-if (oldest first). Of the figures only the unit prices are read.
   */
  followedCalculations(productIds: string[]): Promise<FollowedCalculationRow[]> {
    return this.manager.query<FollowedCalculationRow[]>(
      `SELECT c.product_id, c.id, jsonb_path_query_array(c.result -> 'tiers', '$[*].unitPrice') AS unit_prices, c.quantities::text[] AS quantities, c.what_if, 0 AS rank
       FROM products p
       JOIN calculations latest ON latest.id = p.latest_calculation_id
       JOIN LATERAL (
         SELECT s.id FROM calculations s WHERE s.product_id = p.id AND NOT s.what_if AND latest.what_if ORDER BY s.index DESC LIMIT 1
       ) standard ON true
       JOIN calculations c ON c.id = standard.id
      WHERE p.id = ANY($1::uuid[])
     UNION ALL
     SELECT c.product_id, c.id, jsonb_path_query_array(c.result -> 'tiers', '$[*].unitPrice'), c.quantities::text[], c.what_if, 1
       FROM products p JOIN calculations c ON c.id = p.latest_calculation_id
      WHERE p.id = ANY($1::uuid[])
     ORDER BY product_id, rank`,
      [productIds],
    );
  }

  /** The figures per tier and warnings of the given calculations, in one query. */
  calculationFigures(calculationIds: string[]): Promise<CalculationFiguresRow[]> {
    return this.manager.query<CalculationFiguresRow[]>(`SELECT id, result -> 'tiers' AS tiers, warnings FROM calculations WHERE id = ANY($1::uuid[])`, [
      calculationIds,
    ]);
  }

  /**
   * The calculated products whose price depends on the changed thing: those that use it, and every assembly above
   * them, by id. Products never calculated are left alone.
   */
  affectedProducts(source: PriceSource, sourceId: string): Promise<ProductIdRow[]> {
    return this.manager.query<ProductIdRow[]>(
      `WITH RECURSIVE affected(id) AS (
       ${DIRECT[source]}
       UNION
       SELECT line.product_id FROM product_parts line JOIN affected ON line.sub_product_id = affected.id
     )
     SELECT p.id FROM products p JOIN affected ON affected.id = p.id WHERE p.latest_calculation_id IS NOT NULL ORDER BY p.id`,
      [sourceId],
    );
  }
}
