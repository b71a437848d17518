import type { ConfidenceField } from './schema';

/** One bend line, or `count` equal ones. Sizes in mm, the angle in degrees (0 < angle ≤ 180). */
export interface ExtractedBend {
  length: number | null;
  angle: number | null;
  count: number;
  /** `length` and `angle` as exact decimal strings, for numeric columns. */
  decimals: { length: string | null; angle: string | null };
}

/** `count` round holes of one diameter (mm). */
export interface ExtractedHole {
  diameter: number;
  count: number;
  /** `diameter` as an exact decimal string. */
  decimals: { diameter: string };
}

/** Per field, how sure the model is of its reading: 0 (a guess) to 1 (stated plainly). */
export type FieldConfidence = Record<ConfidenceField, number>;

/**
 * One product read from an inquiry, checked: strings trimmed (a blank optional string is null),
 * sizes positive and in mm, counts whole. `null` means the source did not say.
 */
export interface ExtractedProduct {
  name: string;
  number: string | null;
  /** Pieces asked for. */
  quantity: number | null;
  material: string | null;
  thickness: number | null;
  width: number | null;
  length: number | null;
  height: number | null;
  bends: ExtractedBend[];
  holes: ExtractedHole[];
  operations: string[];
  confidence: FieldConfidence;
  /**
   * The figures above as exact decimal strings (`String(n)`, never in exponent notation), so a
   * numeric column receives what the model said rather than a float's rounding.
   */
  decimals: { quantity: string | null; thickness: string | null; width: string | null; length: string | null; height: string | null };
}
