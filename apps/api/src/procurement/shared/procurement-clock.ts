import { Injectable } from '@nestjs/common';
import { AppConfig } from '@fabquote/config';

/**
 * "Now" for procurement's deadlines and reminders. What is due is decided with this time, passed into
 * SQL as a parameter (never SQL's `now()`), so a test can move it: a worker that "was down for a day"
 * is a clock moved by a day. Only tests may move it (`NODE_ENV=test`); elsewhere it is the machine's time.
 */
@Injectable()
export class ProcurementClock {
  private offsetMs = 0;

  constructor(private readonly config: AppConfig) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Tests only: moves "now" by `ms` (later when positive). */
  travel(ms: number): void {
    if (this.config.NODE_ENV !== 'test') throw new Error('The procurement clock is moved by tests only');
    this.offsetMs += ms;
  }
}
