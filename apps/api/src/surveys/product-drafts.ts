import type { ExtractedBend, ExtractedHole, ExtractedProduct } from '@fabquote/extraction';

/**
 * What a survey input was read as, turned into the products to create (pure). Every figure becomes
 * an exact decimal string of at most four places, which is what the product columns hold
 * (numeric(14, 4)); this is the one rounding point of intake, half away from zero like PostgreSQL's.
 */

/** A product to create from a survey input, with its geometry and what was read. */
export interface ProductDraft {
  name: string;
  /** The drawing's or inquiry's own number; none: the survey gives one. */
  number: string | null;
  /** How many the inquiry asks for, if it says. */
  quantity: string | null;
  /** The material as written (matched against the organization's materials by name or number). */
  material: string | null;
  /** A text that may name a material somewhere in it (a drawing's file name): a guess, marked for the review. */
  materialHint: string | null;
  thickness: string | null;
  blankWidth: string | null;
  blankLength: string | null;
  area: string | null;
  volume: string | null;
  contours: Array<{ kind: 'inner' | 'outer'; length: string }>;
  /** A row per size: 4 × Ø8 is one row of count 4, as staff enter it. */
  holes: Array<{ diameter: string; count: number }>;
  bends: Array<{ length: string | null; angle: string | null; count: number }>;
  /** Operation names as written (matched against the organization's operations by name). */
  operations: string[];
  /** The values as read, for the review beside the source. */
  extracted: Record<string, unknown>;
  /** 0..1 per field; what a drawing gives without AI is certain (1). */
  confidence: Record<string, number>;
}

export class DraftError extends Error {}

/**
 * Drawings measure in mm; a product keeps its area in m² and its volume in cm³ (the console's units,
 * and a material's density is per cm³). Converted here, once, before the one rounding.
 */
const MM2_PER_M2 = 1_000_000;
const MM3_PER_CM3 = 1_000;

/** The largest value a numeric(14, 4) column holds. */
const LARGEST = 9_999_999_999.9999;
/** At most this many holes or bends per product (an AI answer saying 4 × Ø8 makes four rows). */
export const MAX_FEATURES = 10_000;

/** A positive figure as an exact decimal of at most four places; null stays null. */
export function figure(value: number | null | undefined, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value) || value < 0) throw new DraftError(`${field}: not a figure`);
  const rounded = Math.round(value * 10_000) / 10_000;
  if (rounded > LARGEST) throw new DraftError(`${field}: too large`);
  return rounded === 0 ? null : String(Number(rounded.toFixed(4)));
}

const required = (value: number, field: string): string => {
  const text = figure(value, field);
  if (text === null) throw new DraftError(`${field}: zero`);
  return text;
};

/** Holes of one diameter as one row with their count, in the order their sizes first appear. */
function holeRows(diameters: string[]): Array<{ diameter: string; count: number }> {
  const counts = new Map<string, number>();
  for (const diameter of diameters) counts.set(diameter, (counts.get(diameter) ?? 0) + 1);
  return [...counts].map(([diameter, count]) => ({ diameter, count }));
}

/** The extents as a blank: the longer side is the length. */
function blank(a: number | null, b: number | null): { blankWidth: string | null; blankLength: string | null } {
  if (a === null || b === null) return { blankWidth: figure(a, 'width'), blankLength: figure(b, 'length') };
  return { blankWidth: figure(Math.min(a, b), 'width'), blankLength: figure(Math.max(a, b), 'length') };
}

/** One product as the AI read it: libs/extraction's, without the exact decimals it carries for columns. */
export type ReadProduct = Omit<ExtractedProduct, 'decimals' | 'bends' | 'holes' | 'confidence'> & {
  bends: Array<Omit<ExtractedBend, 'decimals'>>;
  holes: Array<Omit<ExtractedHole, 'decimals'>>;
  confidence: Partial<ExtractedProduct['confidence']>;
};

export function draftFromExtraction(product: ReadProduct): ProductDraft {
  const holeCount = product.holes.reduce((sum, hole) => sum + hole.count, 0);
  const bendCount = product.bends.reduce((sum, bend) => sum + bend.count, 0);
  if (holeCount > MAX_FEATURES || bendCount > MAX_FEATURES) throw new DraftError('too many holes or bends');
  const { confidence, ...read } = product;
  // The exact decimals an extraction may carry beside its figures are for columns, not for the review.
  const extracted = JSON.parse(JSON.stringify(read, (key, value) => (key === 'decimals' ? undefined : value))) as Record<string, unknown>;
  return {
    name: product.name,
    number: product.number,
    quantity: figure(product.quantity, 'quantity'),
    material: product.material,
    materialHint: null,
    thickness: figure(product.thickness, 'thickness'),
    ...blank(product.width, product.length),
    area: null,
    volume: null,
    contours: [],
    holes: product.holes.map((hole) => ({ diameter: required(hole.diameter, 'holes.diameter'), count: hole.count })),
    bends: product.bends.map((bend) => ({ length: figure(bend.length, 'bends.length'), angle: angleOf(bend.angle), count: bend.count })),
    operations: product.operations,
    extracted,
    confidence,
  };
}

/** A bend's angle is 0 < angle ≤ 180 degrees (the column's check); anything else is not said. */
function angleOf(angle: number | null): string | null {
  return angle === null || !(angle > 0 && angle <= 180) ? null : figure(angle, 'bends.angle');
}

/** A flat part as `libs/cad` reads it from a DXF (structurally). */
export interface ReadFlatPart {
  boundingBox: { width: number; length: number };
  area: number;
  outerContour: { length: number };
  innerContours: Array<{ length: number; kind: string }>;
  holes: Array<{ diameter: number }>;
  cutLength: number;
  pierces: number;
}

/** The file's name without its extension, as the product's name. */
export const nameOfFile = (fileName: string) => fileName.replace(/\.[a-z0-9]{1,5}$/i, '').trim().slice(0, 255) || fileName.slice(0, 255);

const CERTAIN = (fields: string[]) => Object.fromEntries(fields.map((field) => [field, 1]));

/**
 * A sheet's thickness as drawings are commonly named: `bracket_3mm.dxf`, `plate-t2.5.dxf`,
 * `Halter t=1,5.dxf`. A DXF itself holds no thickness; null when the name says none.
 */
export function thicknessInName(fileName: string): number | null {
  const match = /(?:^|[^a-z0-9])t\s*=?\s*(\d{1,3}(?:[.,]\d{1,3})?)(?![\d])/i.exec(fileName) ?? /(\d{1,3}(?:[.,]\d{1,3})?)\s*mm(?![a-z])/i.exec(fileName);
  const value = match ? Number(match[1].replace(',', '.')) : NaN;
  return value > 0 && value <= 100 ? value : null;
}

export function draftFromDxf(fileName: string, part: ReadFlatPart): ProductDraft {
  const thickness = thicknessInName(fileName);
  return {
    name: nameOfFile(fileName),
    number: null,
    quantity: null,
    material: null,
    materialHint: fileName,
    thickness: figure(thickness, 'thickness'),
    ...blank(part.boundingBox.width, part.boundingBox.length),
    area: figure(part.area / MM2_PER_M2, 'area'),
    volume: null,
    contours: [
      { kind: 'outer', length: required(part.outerContour.length, 'outer contour') },
      ...part.innerContours.map((contour) => ({ kind: 'inner' as const, length: required(contour.length, 'inner contour') })),
    ],
    holes: holeRows(part.holes.map((hole) => required(hole.diameter, 'hole'))),
    bends: [],
    operations: [],
    extracted: {
      width: part.boundingBox.width,
      length: part.boundingBox.length,
      area: part.area,
      innerContours: part.innerContours.length,
      slots: part.innerContours.filter((contour) => contour.kind === 'slot').length,
      holes: part.holes.length,
      cutLength: part.cutLength,
      pierces: part.pierces,
      thickness,
    },
    // A thickness taken from the file's name is a guess worth checking.
    confidence: { ...CERTAIN(['name', 'width', 'length', 'area', 'contours', 'holes']), ...(thickness === null ? {} : { thickness: 0.5 }) },
  };
}

/** A solid as `libs/cad` reads it from a STEP file (structurally). */
export interface ReadSolid {
  boundingBox: { length: number; width: number; thickness: number };
  volume: number;
  area: number;
}

export function draftFromStep(fileName: string, solid: ReadSolid): ProductDraft {
  return {
    name: nameOfFile(fileName),
    number: null,
    quantity: null,
    material: null,
    materialHint: fileName,
    thickness: figure(solid.boundingBox.thickness, 'thickness'),
    ...blank(solid.boundingBox.width, solid.boundingBox.length),
    area: figure(solid.area / MM2_PER_M2, 'area'),
    volume: figure(solid.volume / MM3_PER_CM3, 'volume'),
    contours: [],
    holes: [],
    bends: [],
    operations: [],
    extracted: { ...solid.boundingBox, volume: solid.volume, area: solid.area },
    confidence: CERTAIN(['name', 'thickness', 'width', 'length', 'volume', 'area']),
  };
}

/**
 * The number a product gets: its own, else `<survey number>-<n>` (n from 1 over the survey); a number
 * already taken gets `-2`, `-3`, … (`taken` holds the organization's numbers that could collide).
 */
export function productNumber(own: string | null, surveyNumber: string, sequence: number, taken: ReadonlySet<string>): string {
  const base = (own?.trim() || `${surveyNumber}-${sequence}`).slice(0, 240);
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}
