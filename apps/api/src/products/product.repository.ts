import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';

/** A product's number. */
export interface ProductNumberRow {
  number: string;
}

/** The operation and rates a machine's production lines most often have (exact decimals). */
export interface UsualLineRow {
  operationId: string | null;
  hourlyRate: string | null;
  programTime: string | null;
  programRate: string | null;
}

/** A production line as the product's operations table holds it (rates as exact decimals). */
export interface ProductionLine {
  operationId: string | null;
  assetId: string;
  hourlyRate: string | null;
  programTime: string | null;
  programRate: string | null;
}

/** A product's new row, its geometry and production lines, as the columns hold them. */
export interface ProductInsert {
  name: string;
  number: string;
  status: string;
  customerId: string | null;
  materialId: string | null;
  /** Exact decimals of at most four places, as the columns hold them; null: not known. */
  thickness: string | null;
  blankWidth: string | null;
  blankLength: string | null;
  area: string | null;
  volume: string | null;
  contours: ReadonlyArray<{ kind: 'inner' | 'outer'; length: string }>;
  /** Through holes, a row per size. */
  holes: ReadonlyArray<{ diameter: string; count: number }>;
  bends: ReadonlyArray<{ length: string | null; angle: string | null; count: number }>;
  /** In this order (sorting 10, 20, …). */
  lines: readonly ProductionLine[];
}

/** A product line (production or part line) and what it buys: its operation or part, null for none. */
export interface BoughtLineRow {
  id: string;
  target_id: string | null;
}

/** A product using a part or an operation, with its latest calculation's quantities (null: never calculated). */
export interface ProductInUseRow {
  id: string;
  number: string | null;
  name: string;
  calculated: string[] | null;
  hasCalculation: boolean;
}

/** A product's bulk price band as the bulk price list answers it. */
export interface ProductBandRow {
  id: string;
  minQuantity: number;
  maxQuantity: number | null;
  unitPrice: number;
}

/** A row named by its id. */
export interface ProductIdRow {
  id: string;
}

/** Products and their lines, geometry and bulk prices (`products`, `product_*`), in the tenant transaction. */
@Injectable()
export class ProductRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  async exists(productId: string): Promise<boolean> {
    const rows = await this.manager.query<unknown[]>(`SELECT 1 FROM products WHERE id = $1`, [productId]);
    return rows.length > 0;
  }

  /** The numbers that are one of the bases or a `-n` variant of one. */
  numbersLike(bases: readonly string[]): Promise<ProductNumberRow[]> {
    return this.manager.query<ProductNumberRow[]>(
      `SELECT number FROM products WHERE number = ANY($1::text[]) OR substring(number from '^(.*)-[0-9]+$') = ANY($1::text[])`,
      [bases],
    );
  }

  /** The machine's most used combination of operation and rates, the latest used first among equals; null when no product uses it. */
  async usualLine(assetId: string): Promise<UsualLineRow | null> {
    const [row] = await this.manager.query<UsualLineRow[]>(
      `SELECT po.operation_id AS "operationId", po.hourly_rate::text AS "hourlyRate", po.program_time::text AS "programTime", po.program_rate::text AS "programRate"
         FROM product_operations po
        WHERE po.asset_id = $1
        GROUP BY po.operation_id, po.hourly_rate, po.program_time, po.program_rate
        ORDER BY count(*) DESC, max(po.created_at) DESC LIMIT 1`,
      [assetId],
    );
    return row ?? null;
  }

  /** Inserts the product, then its contours, holes, bends and lines (each kind in one statement, sorted 10, 20, …); its id. */
  async insert(product: ProductInsert): Promise<string> {
    const manager = this.manager;
    const [created] = await manager.query<ProductIdRow[]>(
      `INSERT INTO products (name, number, status, customer_id, material_id, thickness, blank_width, blank_length, area, volume)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [product.name, product.number, product.status, product.customerId, product.materialId, product.thickness, product.blankWidth, product.blankLength, product.area, product.volume],
    );
    const productId = created.id;
    if (product.contours.length > 0) {
      await manager.query<unknown[]>(`INSERT INTO product_contours (product_id, kind, length) SELECT $1, unnest($2::text[]), unnest($3::numeric[])`, [
        productId,
        product.contours.map((contour) => contour.kind),
        product.contours.map((contour) => contour.length),
      ]);
    }
    if (product.holes.length > 0) {
      await manager.query<unknown[]>(`INSERT INTO product_holes (product_id, kind, diameter, count, through) SELECT $1, 'hole', unnest($2::numeric[]), unnest($3::int[]), true`, [
        productId,
        product.holes.map((hole) => hole.diameter),
        product.holes.map((hole) => hole.count),
      ]);
    }
    if (product.bends.length > 0) {
      await manager.query<unknown[]>(`INSERT INTO product_bends (product_id, length, angle, count) SELECT $1, unnest($2::numeric[]), unnest($3::numeric[]), unnest($4::int[])`, [
        productId,
        product.bends.map((bend) => bend.length),
        product.bends.map((bend) => bend.angle),
        product.bends.map((bend) => bend.count),
      ]);
    }
    if (product.lines.length > 0) {
      const lines = product.lines;
      await manager.query<unknown[]>(
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
    return productId;
  }

  /** The operation of each production line and the part of each part line named. */
  boughtBy(operationLineIds: readonly string[], partLineIds: readonly string[]): Promise<BoughtLineRow[]> {
    return this.manager.query<BoughtLineRow[]>(
      `SELECT id, operation_id AS target_id FROM product_operations WHERE id = ANY($1::uuid[])
       UNION ALL
       SELECT id, part_id FROM product_parts WHERE id = ANY($2::uuid[])`,
      [operationLineIds, partLineIds],
    );
  }

  /** The products using these parts or operations and every assembly above them, by number then id. */
  using(partIds: readonly string[], operationIds: readonly string[]): Promise<ProductInUseRow[]> {
    return this.manager.query<ProductInUseRow[]>(
      `WITH RECURSIVE affected(id) AS (
         SELECT product_id FROM product_parts WHERE part_id = ANY($1::uuid[])
         UNION SELECT product_id FROM product_operations WHERE operation_id = ANY($2::uuid[])
         UNION SELECT line.product_id FROM product_parts line JOIN affected ON line.sub_product_id = affected.id
       )
       SELECT p.id, p.number, p.name, c.quantities AS calculated, p.latest_calculation_id IS NOT NULL AS "hasCalculation"
         FROM products p JOIN affected ON affected.id = p.id
         LEFT JOIN calculations c ON c.id = p.latest_calculation_id
        ORDER BY p.number, p.id`,
      [partIds, operationIds],
    );
  }

  /** Replaces the product's bulk prices with these bands (`maxQuantity` null: open); the bands as now stored, by minimum quantity. */
  async replaceBulkPrices(productId: string, bands: ReadonlyArray<{ minQuantity: number; maxQuantity: number | null; unitPrice: string }>): Promise<ProductBandRow[]> {
    await this.manager.query<unknown[]>(`DELETE FROM product_bulk_prices WHERE product_id = $1`, [productId]);
    for (const band of bands) {
      await this.manager.query<unknown[]>(`INSERT INTO product_bulk_prices (product_id, min_quantity, max_quantity, unit_price) VALUES ($1, $2, $3, $4)`, [
        productId,
        band.minQuantity,
        band.maxQuantity,
        band.unitPrice,
      ]);
    }
    return this.manager.query<ProductBandRow[]>(
      `SELECT id, min_quantity::float8 AS "minQuantity", max_quantity::float8 AS "maxQuantity", unit_price::float8 AS "unitPrice"
         FROM product_bulk_prices WHERE product_id = $1 ORDER BY min_quantity`,
      [productId],
    );
  }
}
