import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import { FieldInvalid } from '../common/app-exception';

/** A production line as the product's operations table holds it (rates as exact decimals). */
export interface ProductionLine {
  operationId: string | null;
  assetId: string;
  hourlyRate: string | null;
  programTime: string | null;
  programRate: string | null;
}

/** A product made by another area (a survey's input read into products): its fields, geometry and production lines. */
export interface NewProduct {
  name: string;
  number: string;
  status: 'generated_from_data_extractor';
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

/**
 * How another area creates products (a survey): products owns the tables, so its rules run here as they do behind
 * its API: a part has one outer contour (`oneOuterContour`), the number is the organization's own
 * (`products_number_unique`), lines refer to the catalogue by id. Works inside the caller's tenant transaction
 * (`TenantTransactions.manager()`), so the product, its geometry and what the caller writes with it are all or
 * nothing; emits no event (the caller prices).
 */
@Injectable()
export class NewProducts {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The product numbers of the organization that these bases, or their `-n` variants, could meet. */
  async takenNumbers(bases: readonly string[]): Promise<Set<string>> {
    const rows: Array<{ number: string }> = await this.manager.query(
      `SELECT number FROM products WHERE number = ANY($1::text[]) OR substring(number from '^(.*)-[0-9]+$') = ANY($1::text[])`,
      [bases.map((base) => base.slice(0, 240))],
    );
    return new Set(rows.map((row) => row.number));
  }

  /**
   * The line the organization's products most often give a machine: its operation and rates (the most used
   * combination, the latest used first among equals); the machine alone when no product uses it yet.
   */
  async usualLine(assetId: string): Promise<ProductionLine> {
    const [usual]: Array<Omit<ProductionLine, 'assetId'>> = await this.manager.query(
      `SELECT po.operation_id AS "operationId", po.hourly_rate::text AS "hourlyRate", po.program_time::text AS "programTime", po.program_rate::text AS "programRate"
         FROM product_operations po
        WHERE po.asset_id = $1
        GROUP BY po.operation_id, po.hourly_rate, po.program_time, po.program_rate
        ORDER BY count(*) DESC, max(po.created_at) DESC LIMIT 1`,
      [assetId],
    );
    return { assetId, operationId: usual?.operationId ?? null, hourlyRate: usual?.hourlyRate ?? null, programTime: usual?.programTime ?? null, programRate: usual?.programRate ?? null };
  }

  /** Creates the product with its contours, holes, bends and lines (each kind in one statement however many there are); answers its id. */
  async create(product: NewProduct): Promise<string> {
    if (product.contours.filter((contour) => contour.kind === 'outer').length > 1) throw new FieldInvalid('kind', 'second_outer_contour');
    const manager = this.manager;
    const [created]: Array<{ id: string }> = await manager.query(
      `INSERT INTO products (name, number, status, customer_id, material_id, thickness, blank_width, blank_length, area, volume)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [product.name.slice(0, 255), product.number, product.status, product.customerId, product.materialId, product.thickness, product.blankWidth, product.blankLength, product.area, product.volume],
    );
    const productId = created.id;
    if (product.contours.length > 0) {
      await manager.query(`INSERT INTO product_contours (product_id, kind, length) SELECT $1, unnest($2::text[]), unnest($3::numeric[])`, [
        productId,
        product.contours.map((contour) => contour.kind),
        product.contours.map((contour) => contour.length),
      ]);
    }
    if (product.holes.length > 0) {
      await manager.query(`INSERT INTO product_holes (product_id, kind, diameter, count, through) SELECT $1, 'hole', unnest($2::numeric[]), unnest($3::int[]), true`, [
        productId,
        product.holes.map((hole) => hole.diameter),
        product.holes.map((hole) => hole.count),
      ]);
    }
    if (product.bends.length > 0) {
      await manager.query(`INSERT INTO product_bends (product_id, length, angle, count) SELECT $1, unnest($2::numeric[]), unnest($3::numeric[]), unnest($4::int[])`, [
        productId,
        product.bends.map((bend) => bend.length),
        product.bends.map((bend) => bend.angle),
        product.bends.map((bend) => bend.count),
      ]);
    }
    if (product.lines.length > 0) {
      const lines = product.lines;
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
    return productId;
  }
}
