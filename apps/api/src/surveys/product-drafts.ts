import type { ExtractedBend, ExtractedHole, ExtractedProduct } from '@fabquote/extraction';
import type { MessageKey, Phrase } from '@fabquote/i18n';

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
  /** What the reader assumed or left out, as phrases said later in the reader's language. */
  warnings: Phrase[];
  /** Implausible for the shop (its limits): made, flagged, and not priced until staff confirm (Calculate). */
  unpriced?: boolean;
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
    warnings: [],
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
  /** Identical parts on the sheet; 1 when absent. */
  count?: number;
}

/** A reader's warning as `libs/cad` gives it: a code and its figures. */
export interface ReadWarning {
  code: string;
  params: Record<string, number | string>;
}

/** libs/cad's warning codes → the messages that say them (libs/i18n `cad_warning_*`). */
const CAD_WARNINGS: Record<string, MessageKey> = {
  'no-unit': 'cad_warning_no_unit',
  'unit-not-supported': 'cad_warning_unit_not_supported',
  'gaps-closed': 'cad_warning_gaps_closed',
  duplicates: 'cad_warning_duplicates',
  'flat-contours': 'cad_warning_flat_contours',
  'open-contours': 'cad_warning_open_contours',
  'nested-parts': 'cad_warning_nested_parts',
  'frame-ignored': 'cad_warning_frame_ignored',
  'title-block-ignored': 'cad_warning_title_block_ignored',
  'circle-on-outline': 'cad_warning_circle_on_outline',
  'views-ignored': 'cad_warning_views_ignored',
  'meshes-ignored': 'cad_warning_meshes_ignored',
  'block-not-found': 'cad_warning_block_not_found',
  'blocks-too-deep': 'cad_warning_blocks_too_deep',
  'open-surfaces': 'cad_warning_open_surfaces',
  'not-a-sheet': 'cad_warning_not_a_sheet',
};

/** The reader's warnings as phrases (a code without a message of its own is left out: the log has it). */
export function cadPhrases(notes: readonly ReadWarning[]): Phrase[] {
  return notes.filter((note) => CAD_WARNINGS[note.code]).map((note) => ({ key: CAD_WARNINGS[note.code], params: { ...note.params } }));
}

/** The file's name without its extension, as the product's name. */
export const nameOfFile = (fileName: string) => fileName.replace(/\.[a-z0-9]{1,5}$/i, '').trim().slice(0, 255) || fileName.slice(0, 255);

/** The n-th of several parts of one file: "Sheet 12 (3)". */
const nameOfPart = (fileName: string, index: number, of: number) => (of > 1 ? `${nameOfFile(fileName).slice(0, 245)} (${index + 1})` : nameOfFile(fileName));

const CERTAIN = (fields: string[]) => Object.fromEntries(fields.map((field) => [field, 1]));

/** How sure a guess from the file's name is: under LOW_CONFIDENCE (0.6), so the review marks it. */
export const NAME_GUESS = 0.5;

/** Words saying a size in a name is an extent, not the sheet's thickness ("80mm breit", "200 mm long"). */
const SIZE_WORDS = /^\s*(?:breit|breite|lang|länge|laenge|hoch|höhe|hoehe|tief|tiefe|wide|width|long|length|high|height|deep|depth|dia|durchmesser|x|×)(?![a-zäöü])/i;

/**
 * A sheet's thickness as drawings are commonly named: `bracket_3mm.dxf`, `plate-t2.5.dxf`,
 * `Halter t=1,5.dxf`. A DXF itself holds no thickness; null when the name says none. A size said to
 * be an extent ("Frontplatte 80mm breit", "200x100mm", "Ø20mm") is no thickness, nor is "NN mm" past
 * 30 mm (no laser sheet is that thick; `t=` may say up to 100).
 */
export function thicknessInName(fileName: string): number | null {
  const named = /(?:^|[^a-z0-9])t\s*=?\s*(\d{1,3}(?:[.,]\d{1,3})?)(?![\d])/i.exec(fileName);
  if (named) {
    const value = Number(named[1].replace(',', '.'));
    return value > 0 && value <= 100 ? value : null;
  }
  for (const match of fileName.matchAll(/(\d{1,3}(?:[.,]\d{1,3})?)\s*mm(?![a-z])/gi)) {
    const before = fileName.slice(0, match.index);
    const after = fileName.slice(match.index! + match[0].length);
    if (SIZE_WORDS.test(after.replace(/^[\s_-]+/, ' ')) || /(?:[x×*]\s*|[ØⲐ⌀]\s*|\d\s*)$/i.test(before)) continue;
    const value = Number(match[1].replace(',', '.'));
    if (value > 0 && value <= 30) return value;
  }
  return null;
}

export function draftFromDxf(fileName: string, part: ReadFlatPart, sheet: { index?: number; of?: number; warnings?: Phrase[] } = {}): ProductDraft {
  const thickness = thicknessInName(fileName);
  const count = part.count ?? 1;
  const of = sheet.of ?? 1;
  return {
    name: nameOfPart(fileName, sheet.index ?? 0, of),
    number: null,
    // A sheet of several parts says how many of each it holds; a drawing of one part says nothing.
    quantity: of > 1 || count > 1 ? String(count) : null,
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
      count,
    },
    // A thickness taken from the file's name is a guess worth checking.
    confidence: { ...CERTAIN(['name', 'width', 'length', 'area', 'contours', 'holes']), ...(thickness === null ? {} : { thickness: NAME_GUESS }) },
    warnings: sheet.warnings ?? [],
  };
}

/** A solid as `libs/cad` reads it from a STEP file (structurally). */
export interface ReadSolid {
  boundingBox: { length: number; width: number; thickness: number };
  volume: number;
  area: number;
  /** Identical bodies of an assembly; 1 when absent. */
  count?: number;
  /** False: not a sheet of constant thickness (its thickness, area and price are not to be trusted). */
  sheet?: boolean;
}

export function draftFromStep(fileName: string, solid: ReadSolid, assembly: { index?: number; of?: number; warnings?: Phrase[] } = {}): ProductDraft {
  const count = solid.count ?? 1;
  const of = assembly.of ?? 1;
  const notSheet = solid.sheet === false;
  const warnings = (assembly.warnings ?? []).filter((warning) => warning.key !== 'cad_warning_not_a_sheet');
  return {
    name: nameOfPart(fileName, assembly.index ?? 0, of),
    number: null,
    quantity: of > 1 || count > 1 ? String(count) : null,
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
    extracted: { ...solid.boundingBox, volume: solid.volume, area: solid.area, count, sheet: !notSheet },
    // A body that is no sheet has no one thickness: its thickness and area are the box's, not to be trusted.
    confidence: { ...CERTAIN(['name', 'thickness', 'width', 'length', 'volume', 'area']), ...(notSheet ? { thickness: 0.3, area: 0.3 } : {}) },
    warnings: notSheet ? [...warnings, { key: 'cad_warning_not_a_sheet' }] : warnings,
  };
}

/**
 * What a shop's machines take: a part larger than its sheets or of a thickness it does not
 * cut is flagged and not priced until staff confirm it (its Calculate in the review). Per organization by the
 * settings `part-max-length`, `part-max-width`, `part-min-thickness`, `part-max-thickness` (mm, as text).
 */
export interface PartLimits {
  maxLength: number;
  maxWidth: number;
  minThickness: number;
  maxThickness: number;
}

export const DEFAULT_PART_LIMITS: PartLimits = { maxLength: 3000, maxWidth: 1500, minThickness: 0.5, maxThickness: 30 };

export const PART_LIMIT_SETTINGS: Record<keyof PartLimits, string> = {
  maxLength: 'part-max-length',
  maxWidth: 'part-max-width',
  minThickness: 'part-min-thickness',
  maxThickness: 'part-max-thickness',
};

/** The warnings of `implausibility`: a product carrying one is not priced until staff calculate it. */
export const PLAUSIBILITY_WARNINGS = ['cad_warning_too_large', 'cad_warning_thickness_outside', 'cad_warning_unit_alternatives'] as const;

/** The smallest part a laser cuts as a part (mm): a drawing without units smaller than this was likely drawn in inches. */
const SMALLEST_PART = 5;
const MM_PER_INCH = 25.4;
/** Inkscape and browsers: 96 px to the inch. */
const MM_PER_PX = 25.4 / 96;

const fits = (length: number, width: number, limits: PartLimits) => length <= limits.maxLength && width <= limits.maxWidth && length >= SMALLEST_PART;
const size = (value: number) => Math.round(value * 10) / 10;

/**
 * The plausibility warnings of a CAD draft against the shop's limits; `unitless`: the drawing gave no unit (read as
 * mm). Such a drawing whose size only makes sense in inches or px (in mm too large for the sheets, or under 5 mm) is
 * flagged with those readings. Any warning here means: not priced until staff confirm.
 */
export function implausibility(draft: Pick<ProductDraft, 'blankLength' | 'blankWidth' | 'thickness'>, limits: PartLimits, unitless: boolean): Phrase[] {
  const warnings: Phrase[] = [];
  const length = Number(draft.blankLength ?? 0);
  const width = Number(draft.blankWidth ?? 0);
  if (length > limits.maxLength || width > limits.maxWidth) {
    warnings.push({ key: 'cad_warning_too_large', params: { length: size(length), width: size(width), maxLength: limits.maxLength, maxWidth: limits.maxWidth } });
  }
  const thickness = draft.thickness === null ? null : Number(draft.thickness);
  if (thickness !== null && (thickness < limits.minThickness || thickness > limits.maxThickness)) {
    warnings.push({ key: 'cad_warning_thickness_outside', params: { thickness, min: limits.minThickness, max: limits.maxThickness } });
  }
  if (unitless && length > 0 && !fits(length, width, limits)) {
    const inches = fits(length * MM_PER_INCH, width * MM_PER_INCH, limits);
    const pixels = fits(length * MM_PER_PX, width * MM_PER_PX, limits);
    if (inches || pixels) {
      warnings.push({
        key: 'cad_warning_unit_alternatives',
        params: {
          length: size(length),
          width: size(width),
          inchLength: size(length * MM_PER_INCH),
          inchWidth: size(width * MM_PER_INCH),
          pxLength: size(length * MM_PER_PX),
          pxWidth: size(width * MM_PER_PX),
        },
      });
    }
  }
  return warnings;
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
