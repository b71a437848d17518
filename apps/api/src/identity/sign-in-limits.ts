import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppException } from '../common/app-exception';
import { SignInAttemptRepository } from './sign-in-attempt.repository';

/**
 * How many failed sign-ins are allowed (OWASP ASVS 4.0.3 V2.2.1: effective against brute force
 * and against lockout attacks): within 15 minutes,
 * - 5 for an email, counted over every address, when its user has never completed a sign-in from
 *   the address asking (the "soft lockout" of an email);
 * - 5 for an email from one of its user's known addresses, counting only that address's failures:
 *   whoever locks an email out from elsewhere does not lock its owner out at the office;
 * - 20 from one address over every email it tries (password spraying), unless the address is
 *   known for the email asked.
 * A reset link always signs its owner in and forgets the email's failures.
 */
export const SIGN_IN_LIMITS = {
  windowMinutes: 15,
  perEmail: 5,
  perEmailAtKnownAddress: 5,
  perAddress: 20,
  /** An address is known for a user who completed a sign-in from it within this many days. */
  knownForDays: 90,
} as const;

export interface AttemptCounts {
  /** Whether the user of the email completed a sign-in from this address lately. */
  knownAddress: boolean;
  email: { failures: number; oldest: Date | null };
  emailHere: { failures: number; oldest: Date | null };
  address: { failures: number; oldest: Date | null };
}

/** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
export function waitBeforeAttempt(counts: AttemptCounts, now: Date): number {
  const window = SIGN_IN_LIMITS.windowMinutes * 60_000;
  const exceeded = counts.knownAddress
    ? [[counts.emailHere, SIGN_IN_LIMITS.perEmailAtKnownAddress] as const]
    : ([
        [counts.email, SIGN_IN_LIMITS.perEmail],
        [counts.address, SIGN_IN_LIMITS.perAddress],
      ] as const);
  let wait = 0;
  for (const [{ failures, oldest }, limit] of exceeded) {
    if (failures < limit || !oldest) continue;
    wait = Math.max(wait, Math.ceil((oldest.getTime() + window - now.getTime()) / 1000), 1);
  }
  return wait;
}

export class SignInThrottled extends AppException {
  constructor(seconds: number) {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    super(HttpStatus.TOO_MANY_REQUESTS, 'sign_in_throttled', 'sign_in_throttled', { minutes }, undefined, { details: { retry_after: seconds } });
  }
}

/**
 * More password checks at once than the API runs and queues (`PasswordCheckGate`): the password was not
 * checked, so the attempt is no failure; `retry_after` (and `Retry-After`) says when the queue has room.
 */
export class SignInBusy extends AppException {
  constructor(seconds: number) {
    super(HttpStatus.TOO_MANY_REQUESTS, 'sign_in_busy', 'sign_in_busy', { seconds }, undefined, { details: { retry_after: seconds } });
  }
}

/** How many (organization, email, address) triples `RecentSignIns` keeps. */
const RECENT_SIGN_INS = 10_000;

/**
 * The addresses users completed a sign-in from while this API process runs, the latest 10,000. Under a
 * spray the password checks' queue is full, and a sign-in is refused at once, before reading the user or
 * counting the attempt, unless its address is here: then it goes on, and the database (sign_in_addresses,
 * the authority) decides whether it is known and checked first. A restarted process has forgotten them
 * until each user signs in again; until then such a sign-in waits like any other (docs/api-identity.md).
 */
@Injectable()
export class RecentSignIns {
  private readonly keys = new Set<string>();

  remember(organizationId: string, email: string, address: string): void {
    const key = `${organizationId} ${email} ${address}`;
    this.keys.delete(key);
    this.keys.add(key);
    if (this.keys.size > RECENT_SIGN_INS) this.keys.delete(this.keys.values().next().value as string);
  }

  has(organizationId: string, email: string, address: string): boolean {
    return this.keys.has(`${organizationId} ${email} ${address}`);
  }
}

/** Who is trying: the email asked for (lower case), its user if any, and the client's address. */
export interface Attempter {
  email: string;
  userId: string | null;
  address: string;
}

/**
 * Counts sign-in attempts atomically: an attempt is recorded, as a failure, before its password or
 * code is checked, while the email and the address are locked, so attempts sent at once are
 * counted one after another and the sixth is refused unchecked. Every call takes the manager of a
 * short transaction of its own; none waits for a second connection.
 */
@Injectable()
export class SignInLimits {
  /** Refuses with 429 when a limit is reached; otherwise records the attempt as a failure and returns its id. */
  async begin(manager: EntityManager, who: Attempter): Promise<string> {
    return (await this.beginAttempt(manager, who)).id;
  }

  /** `begin`, also saying whether the address is known for the email's user (its password check goes first). */
  async beginAttempt(manager: EntityManager, who: Attempter): Promise<{ id: string; knownAddress: boolean }> {
    // Always the email's lock before the address's, so two attempts never wait on each other crosswise.
    const attempts = new SignInAttemptRepository(manager);
    await attempts.lock(who.email, who.address);
    const row = await attempts.counts(who, SIGN_IN_LIMITS);
    const wait = waitBeforeAttempt(
      {
        knownAddress: row.known_address,
        email: { failures: row.email_failures, oldest: row.email_oldest },
        emailHere: { failures: row.here_failures, oldest: row.here_oldest },
        address: { failures: row.address_failures, oldest: row.address_oldest },
      },
      new Date(row.now),
    );
    if (wait > 0) throw new SignInThrottled(wait);
    const id = await attempts.insert(who.email, who.address);
    return { id, knownAddress: row.known_address === true };
  }

  /** A right password with a code still to come: this attempt was no failure, but nothing else is forgotten yet. */
  async passed(manager: EntityManager, attemptId: string): Promise<void> {
    await new SignInAttemptRepository(manager).forget(attemptId);
  }

  /** A completed sign-in: the email's failures from this address are forgotten and the address is known. */
  async succeeded(manager: EntityManager, who: Attempter & { userId: string }): Promise<void> {
    const attempts = new SignInAttemptRepository(manager);
    await attempts.forgetEmailAt(who.email, who.address);
    await attempts.rememberAddress(who.userId, who.address);
  }

  /** The owner proved their mailbox (a reset or invitation link): every failure of the email is forgotten. */
  async forgetEmail(manager: EntityManager, email: string): Promise<void> {
    await new SignInAttemptRepository(manager).forgetEmail(email);
  }
}

/** How emails are compared and counted. */
export const normalEmail = (email: string) => email.trim().toLowerCase();
