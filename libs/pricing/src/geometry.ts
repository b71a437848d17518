import { Decimal, PI, ZERO, optionalDecimal, toDecimal, shownMeasure } from './decimal';
import { PricingError } from './errors';
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
 * The diameter the laser cuts: `diameter`, or for a counterbore or countersink given only by
 * inner and outer diameter, the inner (through) one; the wider recess is machined, not cut.
 */
function cutDiameter(hole: Hole, index: number): Decimal {
  const diameter = optionalDecimal(hole.diameter, `Hole ${index + 1}: diameter`) ?? optionalDecimal(hole.innerDiameter, `Hole ${index + 1}: inner diameter`);
  if (diameter === null) throw new PricingError('invalid-input', 'pricing_hole_without_diameter', { hole: index + 1 });
  return diameter;
}

function measureCutLength(geometry: Geometry, words: Words): Explained {
  const contours = geometry.contours ?? [];
  const holes = geometry.holes ?? [];
  const contourLength = contours.reduce((sum, contour, i) => sum.plus(toDecimal(contour.length, `Contour ${i + 1}: length`)), ZERO);
  const diameters = holes.map(cutDiameter);
  const diameterSum = diameters.reduce((sum, d) => sum.plus(d), ZERO);
  const length = contourLength.plus(PI.times(diameterSum));
  const n = (value: Decimal) => shownMeasure(value, words);
  return measure(length, 'mm', () => ({
    formula: `${n(contourLength)} mm + π × ${n(diameterSum)} mm`,
    inputs: {
      [words.contoursName]: words.contours(contours.length, n(contourLength)),
      [words.holesName]: holes.length === 0 ? words.noHoles : words.holes(holes.length, diameters.map(n).join(' + ')),
    },
  }));
}

function measurePierceCount(geometry: Geometry, words: Words): Explained {
  const inner = (geometry.contours ?? []).filter((contour) => contour.kind === 'inner').length;
  const holes = (geometry.holes ?? []).length;
  return measure(Decimal.from(inner + holes + 1), words.pierces, () => ({
    formula: words.pierceFormula(inner, holes),
    inputs: { [words.innerContours]: String(inner), [words.holesName]: String(holes) },
  }));
}

/** Every bend row is one bend; combined bends are shown with the bend, not counted again. */
function measureBendCount(geometry: Geometry, words: Words): Explained {
  const bends = (geometry.bends ?? []).length;
  return measure(Decimal.from(bends), words.bends, words.bendCount(bends));
}

export function measureGeometry(geometry: Geometry, words: Words): GeometryMeasures {
  return { cutLength: measureCutLength(geometry, words), pierceCount: measurePierceCount(geometry, words), bendCount: measureBendCount(geometry, words) };
}

/** Cut length in mm: contour lengths plus hole circumferences π·d. */
export function cutLength(geometry: Geometry, language?: Locale): Figure {
  return measureCutLength(geometry, wordsFor(language, '')).figure;
}

/** Pierces: inner contours + holes + 1 for the outer contour. */
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
