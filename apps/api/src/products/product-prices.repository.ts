import { EntityManager } from 'typeorm';

/** A tier of a calculation as stored (`calculations.result.tiers[]`): pieces and the price per piece to the cent. */
export interface PriceTierRow {
  quantity: number;
  unitPrice: string;
}

/** A band of a product's bulk prices as texts (exact decimals); no maximum: open upwards. */
export interface BulkBandRow {
  minQuantity: string;
  maxQuantity: string | null;
  unitPrice: string;
}

/** A product with what its price is taken from: the chosen or latest standard calculation's tiers, its bulk bands ascending. */
export interface ProductPriceRow {
  id: string;
  name: string;
  calculationId: string | null;
  tiers: PriceTierRow[] | null;
  bands: BulkBandRow[];
}

/** A product as other areas name it beside their own rows. */
export interface ProductNameRow {
  id: string;
  name: string;
  number: string | null;
}

/**
 * What other areas read of products (docs/architecture.md, "Persistence: one rule"): how a product's price is found,
 * whether a calculation is a what-if, which products exist and are priced, their names. In the caller's tenant
 * transaction; batched by ids, one statement each.
 */
export class ProductPriceRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * The products with the tiers of their latest standard calculation (not a what-if), or of the calculation chosen for
   * the product (`chosen`, product id → calculation id; one of another product is none), and their bulk bands.
   */
  prices(ids: readonly string[], chosen: ReadonlyMap<string, string>): Promise<ProductPriceRow[]> {
    return this.manager.query<ProductPriceRow[]>(
      `SELECT p.id, p.name, c.id AS "calculationId",
              CASE WHEN jsonb_typeof(c.result->'tiers') = 'array' THEN c.result->'tiers' END AS tiers,
              coalesce((SELECT json_agg(json_build_object('minQuantity', b.min_quantity::text, 'maxQuantity', b.max_quantity::text, 'unitPrice', b.unit_price::text)
                                        ORDER BY b.min_quantity, b.id)
                          FROM product_bulk_prices b WHERE b.product_id = p.id), '[]'::json) AS bands
         FROM products p
         LEFT JOIN LATERAL (
           SELECT c.id, c.result FROM calculations c
            WHERE c.product_id = p.id AND CASE WHEN $2::jsonb ? p.id::text THEN c.id::text = $2::jsonb->>p.id::text ELSE NOT c.what_if END
            ORDER BY c.index DESC LIMIT 1
         ) c ON true
        WHERE p.id = ANY($1::uuid[])`,
      [ids, JSON.stringify(Object.fromEntries(chosen))],
    );
  }

  async calculationWhatIf(id: string): Promise<boolean | null> {
    const [row] = await this.manager.query<Array<{ what_if: boolean }>>(`SELECT what_if FROM calculations WHERE id = $1`, [id]);
    return row ? row.what_if : null;
  }

  async whatIfs(ids: readonly string[]): Promise<string[]> {
    const rows = await this.manager.query<Array<{ id: string }>>(`SELECT id FROM calculations WHERE id = ANY($1::uuid[]) AND what_if`, [ids]);
    return rows.map((row) => row.id);
  }

  async existing(ids: readonly string[]): Promise<string[]> {
    const rows = await this.manager.query<Array<{ id: string }>>(`SELECT id FROM products WHERE id = ANY($1::uuid[])`, [ids]);
    return rows.map((row) => row.id);
  }

  async calculated(ids: readonly string[]): Promise<string[]> {
    const rows = await this.manager.query<Array<{ product_id: string }>>(
      `SELECT DISTINCT product_id FROM calculations WHERE product_id = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((row) => row.product_id);
  }

  names(ids: readonly string[]): Promise<ProductNameRow[]> {
    return this.manager.query<ProductNameRow[]>(`SELECT id, name, number FROM products WHERE id = ANY($1::uuid[])`, [ids]);
  }
}
