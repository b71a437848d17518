import { CadReadError } from './errors';

/**
 * How much work one drawing may ask for. A few hundred bytes can describe billions of points: a MINSERT
 * of 100 × 100 copies of an ellipse with a 1 km axis asks 4,096 points per copy, blocks nested in blocks
 * multiply, and a spline at a large scale is traced in up to 4,096 points per knot span. The entity cap
 * alone counts none of that, so the reader spends from a budget as it goes and stops with `too-complex`
 * (or `too-large`) the moment it runs out, before the memory is taken.
 */
export interface ReadLimits {
  /**
   * Points of the paths read, sampled or not: each segment's end, every point sampled from an ellipse,
   * a spline or an unevenly scaled arc, and those sampled to test what lies inside what. A point costs
   * about 150 bytes while read, so the default 1,000,000 is ~150 MB; a part of 1,000 entities with
   * large ellipses and splines takes a few tens of thousands.
   */
  maxPoints: number;
  /** Entities visited plus block insertions expanded (each column and row of a MINSERT once). */
  maxEntities: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = Object.freeze({ maxPoints: 1_000_000, maxEntities: 500_000 });

/** The work spent on one drawing against its `ReadLimits`; throws `CadReadError` when it runs out. */
export class ReadBudget {
  private points = 0;
  private entities = 0;

  constructor(readonly limits: ReadLimits = DEFAULT_READ_LIMITS) {}

  /** Spends `count` points, before they are made. */
  spendPoints(count: number): void {
    this.points += count;
    if (this.points > this.limits.maxPoints) {
      throw new CadReadError(
        'too-complex',
        `The drawing needs more than ${this.limits.maxPoints} points to trace its contours (curves sampled, blocks expanded): it is too complex to read as a flat part`,
      );
    }
  }

  /** Spends one entity visited or one block insertion expanded. */
  spendEntity(): void {
    if (++this.entities > this.limits.maxEntities) {
      throw new CadReadError('too-large', `The drawing has more than ${this.limits.maxEntities} entities`);
    }
  }
}
