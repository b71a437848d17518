import { EntityManager } from 'typeorm';

/** A user still active as a mail's sender: the name shown (full name, else login name), the address and the language. */
export interface SenderRow {
  name: string;
  email: string | null;
  language: string | null;
}

/** The sending user of an offer's mails (docs/architecture.md, "Persistence: one rule"), in the caller's tenant transaction. */
export class SenderRepository {
  constructor(private readonly manager: EntityManager) {}

  async activeSender(userId: string): Promise<SenderRow | null> {
    const [row] = await this.manager.query<SenderRow[]>(
      `SELECT coalesce(nullif(btrim(full_name), ''), name) AS name, email, language_code AS language FROM users WHERE id = $1 AND active`,
      [userId],
    );
    return row ?? null;
  }
}
