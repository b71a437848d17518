import type { EntityManager } from 'typeorm';

/** A session token's user and permissions, as `session_of` answers them (libs/database migration "session lookup"). */
export interface SessionRow {
  user_id: string;
  /** The user's language (users.language_code, 'en' or 'de'). */
  user_language: 'en' | 'de';
  privacy_accepted: boolean;
  token_id: string;
  user_permissions: string[];
}

/**
 * The session lookup: one round trip, outside any transaction (`session_of` sets the organization for its
 * own query), so it is built on the data source's manager, not the request's tenant transaction.
 */
export class SessionRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The session of this token hash in the organization, while the token and its user are valid; null otherwise. */
  async sessionOf(organizationId: string, tokenHash: string): Promise<SessionRow | null> {
    const [row] = await this.manager.query<SessionRow[]>(
      `SELECT user_id, user_language, privacy_accepted, token_id, user_permissions FROM session_of($1, $2)`,
      [organizationId, tokenHash],
    );
    return row ?? null;
  }
}
