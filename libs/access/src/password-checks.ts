import { availableParallelism } from 'node:os';

/**
 * How many password checks run at once and how many may wait. An argon2id check (64 MiB, t=3, p=4)
 * keeps a core busy for a noticeable time; unbounded, a spray of wrong passwords makes every
 * sign-in wait for all of them.
 */
export interface PasswordCheckLimits {
  /** Checks running at once. */
  running: number;
  /** Checks waiting for a free slot; a check beyond them is refused at once (`PasswordChecksBusy`). */
  waiting: number;
  /** Checks with priority (a known address) waiting, ahead of all others and beyond `waiting`. */
  waitingFirst: number;
}

/** Half the cores (at least one) check at once: argon2 runs its four lanes in threads of its own. */
export function passwordCheckLimits(running = Math.max(1, Math.floor(availableParallelism() / 2))): PasswordCheckLimits {
  return { running, waiting: 8 * running, waitingFirst: 32 * running };
}

/** Every slot taken and the queue full: the check was not run. `retryAfterSeconds` estimates when the queue has room. */
export class PasswordChecksBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many password checks at once');
  }
}

/** What a check is assumed to take before the first one is measured. */
const FIRST_GUESS_MS = 500;

/**
 * A semaphore for password checks with a bounded queue and a priority lane.
 *
 * `enter` admits a caller before the work that comes ahead of its check (reading the user, counting
 * the attempt), or refuses it at once with `PasswordChecksBusy`: at most `running + waiting` callers
 * without priority, and `running + waitingFirst` with it, are in at a time, so a burst arriving all at
 * once is bounded before it reaches the database. `run` then runs the check when a slot is free, else
 * queues it, checks with priority ahead of the others; a freed slot goes to the next check with
 * priority first, then to the others in their order of arrival. `run` bounds its queues the same way
 * for a caller that did not `enter`.
 */
export class PasswordCheckGate {
  private running = 0;
  private readonly first: Array<() => void> = [];
  private readonly others: Array<() => void> = [];
  /** Callers `enter`ed and not yet left, by lane. */
  private readonly inside = { first: 0, others: 0 };
  /** A moving average of a check's duration, for `Retry-After`. */
  private averageMs = FIRST_GUESS_MS;

  constructor(readonly limits: PasswordCheckLimits = passwordCheckLimits()) {}

  /** Admits a caller, or refuses it (`PasswordChecksBusy`); call the answer, `leave`, once when done, checked or not. */
  enter(priority = false): () => void {
    const lane = priority ? 'first' : 'others';
    if (this.inside[lane] >= this.limits.running + (priority ? this.limits.waitingFirst : this.limits.waiting)) throw new PasswordChecksBusy(this.retryAfterSeconds());
    this.inside[lane] += 1;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inside[lane] -= 1;
    };
  }

  async run<T>(check: () => Promise<T>, priority = false): Promise<T> {
    if (this.running < this.limits.running) {
      this.running += 1;
    } else {
      const queue = priority ? this.first : this.others;
      if (queue.length >= (priority ? this.limits.waitingFirst : this.limits.waiting)) throw new PasswordChecksBusy(this.retryAfterSeconds());
      // The slot is handed over by `release`: `running` stays as it is.
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    const started = performance.now();
    try {
      return await check();
    } finally {
      this.averageMs += (performance.now() - started - this.averageMs) / 8;
      this.release();
    }
  }

  /** Checks running and waiting now, and callers admitted. */
  get load(): { running: number; waiting: number; inside: number } {
    return { running: this.running, waiting: this.first.length + this.others.length, inside: this.inside.first + this.inside.others };
  }

  private release(): void {
    const next = this.first.shift() ?? this.others.shift();
    if (next) next();
    else this.running -= 1;
  }

  /** Seconds until what runs and waits now is through: when a check sent again finds room. */
  private retryAfterSeconds(): number {
    const ahead = Math.max(this.running + this.first.length + this.others.length, this.inside.first + this.inside.others);
    return Math.max(1, Math.ceil((ahead * this.averageMs) / this.limits.running / 1000));
  }
}
