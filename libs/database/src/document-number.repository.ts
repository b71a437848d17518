import { EntityManager } from 'typeorm';

/** A document counter after it was taken: the number just given out in its kind and year. */
export interface DocumentCounterRow {
  last: number;
}

/** The organizations' document counters (`document_numbers`), built over the manager of the tenant transaction creating the document. */
export class DocumentNumberRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * The counter of the kind and year created at 1 or incremented, and read, under its row lock in one statement
   * (row-level security fills in `organization_id`).
   */
  async take(kind: string, year: number): Promise<DocumentCounterRow> {
    const [row] = await this.manager.query<DocumentCounterRow[]>(
      `INSERT INTO document_numbers (kind, year, last) VALUES ($1, $2, 1)
       ON CONFLICT (organization_id, kind, year) DO UPDATE SET last = document_numbers.last + 1
       RETURNING last`,
      [kind, year],
    );
    return row;
  }
}
