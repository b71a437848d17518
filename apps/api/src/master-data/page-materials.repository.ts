import { EntityManager } from 'typeorm';

/** A material as the public quote page offers it: its name and thickness only. */
export interface PageMaterialRow {
  id: string;
  name: string;
  thicknesses: number[];
}

/** The material a customer wishes, with its thickness (numeric text) when it has one. */
export interface WishedMaterialRow {
  id: string;
  name: string;
  thickness: string | null;
}

/** Materials as the public quote page shows them (docs/architecture.md, "Persistence: one rule"), in the caller's tenant transaction. */
export class PageMaterialRepository {
  constructor(private readonly manager: EntityManager) {}

  offered(): Promise<PageMaterialRow[]> {
    return this.manager.query<PageMaterialRow[]>(
      `SELECT id, name, CASE WHEN height > 0 THEN ARRAY[height::float8] ELSE ARRAY[]::float8[] END AS thicknesses
         FROM materials ORDER BY lower(name), height, id`,
    );
  }

  async wished(id: string): Promise<WishedMaterialRow | undefined> {
    const [row] = await this.manager.query<WishedMaterialRow[]>(`SELECT id, name, CASE WHEN height > 0 THEN height::text END AS thickness FROM materials WHERE id = $1`, [id]);
    return row;
  }
}
