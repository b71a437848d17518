import type { EntityManager } from 'typeorm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const SESSION_COLUMNS = 'user_id, user_language, privacy_accepted, token_id, user_permissions';

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
      `SELECT ${SESSION_COLUMNS} FROM session_of($1, $2)`,
      [organizationId, tokenHash],
    );
    return row ?? null;
  }
}

/**
 * The same lookup as one statement of trusted SQL, to ride in the round trip that opens the request's tenant
 * transaction (`TenantTransactions.runAfter`): its values stand in the text, so both are checked first — the
 * organization a uuid, the hash a SHA-256 in hexadecimal.
 */
export function sessionStatement(organizationId: string, tokenHash: string): string {
  if (!UUID.test(organizationId) || !SHA256_HEX.test(tokenHash)) throw new Error('A session lookup needs an organization id and a token hash');
  return `SELECT ${SESSION_COLUMNS} FROM session_of('${organizationId}', '${tokenHash}')`;
}

/** The session in the rows of {@link sessionStatement}, as `sessionOf` answers it. */
export const sessionFound = (rows: SessionRow[]): SessionRow | null => rows[0] ?? null;
