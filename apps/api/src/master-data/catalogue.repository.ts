import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';

/** A row named by its id. */
export interface CatalogueIdRow {
  id: string;
}

/** A material's name and number in lower case, to match words against. */
export interface MaterialNamesRow {
  id: string;
  name: string;
  number: string | null;
}

/** A material's thickness (its `height`, as sheets are entered) as an exact decimal; null when it has none. */
export interface MaterialThicknessRow {
  thickness: string | null;
}

/** What the material price page needs of a material beyond the price data: its thickness and price unit. */
export interface MaterialPricingRow {
  thickness: string | null;
  price_unit: string;
}

/** The catalogue's machines (`assets`) and materials (`materials`), in the tenant transaction. */
@Injectable()
export class CatalogueRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The machine with time model `laser-cutting`, a quick-select one first, then the oldest. */
  async laser(): Promise<CatalogueIdRow | null> {
    const [row] = await this.manager.query<CatalogueIdRow[]>(
      `SELECT id FROM assets WHERE time_model = 'laser-cutting' ORDER BY quick_select DESC, created_at, id LIMIT 1`,
    );
    return row ?? null;
  }

  /** Materials whose name or number (lower case) is one of `wanted`, the oldest first. */
  materialsNamed(wanted: readonly string[]): Promise<MaterialNamesRow[]> {
    return this.manager.query<MaterialNamesRow[]>(
      `SELECT id, lower(name) AS name, lower(number) AS number FROM materials WHERE lower(name) = ANY($1) OR lower(number) = ANY($1) ORDER BY created_at, id`,
      [wanted],
    );
  }

  /** The material whose number or name (three characters at least) the text holds, the longest first. */
  async materialNamedIn(text: string): Promise<CatalogueIdRow | null> {
    const [row] = await this.manager.query<CatalogueIdRow[]>(
      `SELECT id FROM materials m CROSS JOIN LATERAL (SELECT unnest(ARRAY[m.number, m.name]) AS word) w
        WHERE length(w.word) >= 3 AND position(lower(w.word) IN lower($1)) > 0
        ORDER BY length(w.word) DESC, m.created_at, m.id LIMIT 1`,
      [text],
    );
    return row ?? null;
  }

  /** The material's thickness; null when there is no such material or it has none. */
  async materialThickness(materialId: string): Promise<MaterialThicknessRow | null> {
    const [row] = await this.manager.query<MaterialThicknessRow[]>(`SELECT height::text AS thickness FROM materials WHERE id = $1 AND height > 0`, [materialId]);
    return row ?? null;
  }

  async materialPricing(materialId: string): Promise<MaterialPricingRow | null> {
    const [row] = await this.manager.query<MaterialPricingRow[]>(
      `SELECT CASE WHEN height > 0 THEN height::text END AS thickness, price_unit FROM materials WHERE id = $1`,
      [materialId],
    );
    return row ?? null;
  }
}
