import { EntityManager } from 'typeorm';

/** The failed attempts of the window that concern an attempt (by email, by email at its address, by address), and whether the address is known. */
export interface AttemptCountsRow {
  email_failures: number;
  email_oldest: Date | null;
  here_failures: number;
  here_oldest: Date | null;
  address_failures: number;
  address_oldest: Date | null;
  known_address: boolean;
  /** The database's clock. */
  now: Date;
}

/**
 * Sign-in attempts (`sign_in_attempts`) and the addresses users signed in from (`sign_in_addresses`), built over the
 * manager of the short transaction each step of a sign-in runs in.
 */
export class SignInAttemptRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Locks the email, then the address, of the organization until the transaction ends (always in this order). */
  async lock(email: string, address: string): Promise<void> {
    await this.manager.query<unknown[]>(`SELECT pg_advisory_xact_lock(hashtextextended('sign-in email ' || current_organization_id() || ' ' || $1, 0))`, [email]);
    await this.manager.query<unknown[]>(`SELECT pg_advisory_xact_lock(hashtextextended('sign-in address ' || current_organization_id() || ' ' || $1, 0))`, [address]);
  }

  /** The failures of the last `windowMinutes` and whether the user signed in from the address within `knownForDays`. */
  async counts(who: { email: string; address: string; userId: string | null }, limits: { windowMinutes: number; knownForDays: number }): Promise<AttemptCountsRow> {
    const [row] = await this.manager.query<AttemptCountsRow[]>(
      `SELECT count(*) FILTER (WHERE email = $1)::int AS email_failures, min(attempted_at) FILTER (WHERE email = $1) AS email_oldest,
              count(*) FILTER (WHERE email = $1 AND address = $2)::int AS here_failures,
              min(attempted_at) FILTER (WHERE email = $1 AND address = $2) AS here_oldest,
              count(*) FILTER (WHERE address = $2)::int AS address_failures, min(attempted_at) FILTER (WHERE address = $2) AS address_oldest,
              EXISTS (SELECT 1 FROM sign_in_addresses WHERE user_id = $4 AND address = $2
                         AND last_signed_in_at > now() - make_interval(days => $5)) AS known_address,
              now() AS now
         FROM sign_in_attempts
        WHERE (email = $1 OR address = $2) AND attempted_at > now() - make_interval(mins => $3)`,
      [who.email, who.address, limits.windowMinutes, who.userId, limits.knownForDays],
    );
    return row;
  }

  /** Records an attempt (as a failure until forgotten); its id. */
  async insert(email: string, address: string): Promise<string> {
    const [{ id }] = await this.manager.query<Array<{ id: string }>>(`INSERT INTO sign_in_attempts (email, address) VALUES ($1, $2) RETURNING id`, [email, address]);
    return id;
  }

  async forget(attemptId: string): Promise<void> {
    await this.manager.query<unknown[]>(`DELETE FROM sign_in_attempts WHERE id = $1`, [attemptId]);
  }

  async forgetEmailAt(email: string, address: string): Promise<void> {
    await this.manager.query<unknown[]>(`DELETE FROM sign_in_attempts WHERE email = $1 AND address = $2`, [email, address]);
  }

  async forgetEmail(email: string): Promise<void> {
    await this.manager.query<unknown[]>(`DELETE FROM sign_in_attempts WHERE email = $1`, [email]);
  }

  /** The user signed in from the address now. */
  async rememberAddress(userId: string, address: string): Promise<void> {
    await this.manager.query<unknown[]>(
      `INSERT INTO sign_in_addresses (user_id, address) VALUES ($1, $2)
       ON CONFLICT (user_id, address) DO UPDATE SET last_signed_in_at = now()`,
      [userId, address],
    );
  }
}
