import { Decimal, PI, ZERO, optionalDecimal, quickDecimal, quickOptionalDecimal, toDecimal, shownMeasure } from './decimal';
import { invalidData, PricingError } from './errors';
import { Explained, measure } from './figure';
import { Locale } from '@fabquote/i18n';
import { Figure, Geometry, GeometryFigures, Hole } from './types';
import { Words, wordsFor } from './words';

/** The geometry's derived figures with their decimal values, for the time models. */
export interface GeometryMeasures {
  cutLength: Explained;
  pierceCount: Explained;
  bendCount: Explained;
}

/**
 * How many of a contour, hole or bend row the part has: 4 × Ø8 is one row with count 4. Empty is
 * one, so rows stored before counts existed (and inputs stored without one) price as they did.
 * The row is named ("Contour", 0 → "Contour 1") only when its count is refused.
 */
export function countOf(row: { count?: number | null }, rowName: string, index: number): number {
  const count = row.count ?? 1;
  if (!Number.isSafeInteger(count) || count < 1) throw invalidData('invalid-input', `${rowName} ${index + 1}: count must be a whole number of at least 1 (got ${String(count)})`);
  return count;
}

/**
 * The diameter the laser cuts: `diameter`, or for a counterbore or countersink given only by
 * inner and outer diameter, the inner (through) one; the wider recess is machined, not cut.
 */
function cutDiameter(hole: Hole, index: number): Decimal {
  const diameter =
    (quickOptionalDecimal(hole.diameter) ?? optionalDecimal(hole.diameter, `Hole ${index + 1}: diameter`)) ??
    optionalDecimal(hole.innerDiameter, `Hole ${index + 1}: inner diameter`);
  if (diameter === null) throw new PricingError('invalid-input', 'pricing_hole_without_diameter', { hole: index + 1 });
  return diameter;
}

/** Cut length: every contour's length times its count, plus π × every hole's cut diameter times its count. */
function measureCutLength(geometry: Geometry, words: Words): Explained {
  const contours = geometry.contours ?? [];
  const holes = geometry.holes ?? [];
  // Plain loops: every laser-cut product of a request is measured.
  let contourCount = 0;
  let contourLength = ZERO;
  for (let i = 0; i < contours.length; i++) {
    const contour = contours[i];
    const count = countOf(contour, 'Contour', i);
    contourCount += count;
    const length = quickDecimal(contour.length) ?? toDecimal(contour.length, `Contour ${i + 1}: length`);
    contourLength = contourLength.plus(length.times(count));
  }
  const diameters: Array<{ diameter: Decimal; count: number }> = [];
  let holeCount = 0;
  let diameterSum = ZERO;
  for (let i = 0; i < holes.length; i++) {
    const diameter = cutDiameter(holes[i], i);
    const count = countOf(holes[i], 'Hole', i);
    diameters.push({ diameter, count });
    holeCount += count;
    diameterSum = diameterSum.plus(diameter.times(count));
  }
  const length = contourLength.plus(PI.times(diameterSum));
  return measure(length, 'mm', (inputs) => {
    const n = (value: Decimal) => shownMeasure(value, words);
    inputs[words.contoursName] = words.contours(contourCount, n(contourLength));
    inputs[words.holesName] = holes.length === 0 ? words.noHoles : words.holes(holeCount, diameters.map(({ diameter, count }) => ({ diameter: n(diameter), count })));
    return `${n(contourLength)} mm + π × ${n(diameterSum)} mm`;
  });
}

/** Pierces: one per inner contour and per hole (each times its count), and one for the outer contour. */
function measurePierceCount(geometry: Geometry, words: Words): Explained {
  const contours = geometry.contours ?? [];
  let inner = 0;
  for (let i = 0; i < contours.length; i++) if (contours[i].kind === 'inner') inner += countOf(contours[i], 'Contour', i);
  const holeRows = geometry.holes ?? [];
  let holes = 0;
  for (let i = 0; i < holeRows.length; i++) holes += countOf(holeRows[i], 'Hole', i);
  return measure(Decimal.from(inner + holes + 1), words.pierces, (inputs) => {
    inputs[words.innerContours] = String(inner);
    inputs[words.holesName] = String(holes);
    return words.pierceFormula(inner, holes);
  });
}

/** Every bend row is its count of bends; combined bends are shown with the bend, not counted again. */
function measureBendCount(geometry: Geometry, words: Words): Explained {
  const rows = geometry.bends ?? [];
  let bends = 0;
  for (let i = 0; i < rows.length; i++) bends += countOf(rows[i], 'Bend', i);
  return measure(Decimal.from(bends), words.bends, () => words.bendCount(bends));
}

export function measureGeometry(geometry: Geometry, words: Words): GeometryMeasures {
  return { cutLength: measureCutLength(geometry, words), pierceCount: measurePierceCount(geometry, words), bendCount: measureBendCount(geometry, words) };
}

/** Cut length in mm: contour lengths plus hole circumferences π·d, each times its count. */
export function cutLength(geometry: Geometry, language?: Locale): Figure {
  return measureCutLength(geometry, wordsFor(language, '')).figure;
}

/** Pierces: inner contours + holes (each times its count) + 1 for the outer contour. */
export function pierceCount(geometry: Geometry, language?: Locale): Figure {
  return measurePierceCount(geometry, wordsFor(language, '')).figure;
}

export function bendCount(geometry: Geometry, language?: Locale): Figure {
  return measureBendCount(geometry, wordsFor(language, '')).figure;
}

/** The figures shown next to a product's geometry, explained in `language` (default English). */
export function geometryFigures(geometry: Geometry, language?: Locale): GeometryFigures {
  const measures = measureGeometry(geometry, wordsFor(language, ''));
  return { cutLength: measures.cutLength.figure, pierceCount: measures.pierceCount.figure, bendCount: measures.bendCount.figure };
}
