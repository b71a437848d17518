import { Decimal, Dec, PI, ZERO, formatMeasure, optionalDecimal, toDecimal } from './decimal';
import { PricingError } from './errors';
import { Explained, measure } from './figure';
import { Figure, Geometry, GeometryFigures, Hole } from './types';

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
  if (diameter === null) throw new PricingError('invalid-input', `Hole ${index + 1} has neither a diameter nor an inner diameter`);
  return diameter;
}

function measureCutLength(geometry: Geometry): Explained {
  const contours = geometry.contours ?? [];
  const holes = geometry.holes ?? [];
  const contourLength = contours.reduce((sum, contour, i) => sum.plus(toDecimal(contour.length, `Contour ${i + 1}: length`)), ZERO);
  const diameters = holes.map(cutDiameter);
  const diameterSum = diameters.reduce((sum, d) => sum.plus(d), ZERO);
  const length = contourLength.plus(PI.times(diameterSum));
  return measure(length, 'mm', `${formatMeasure(contourLength)} mm + π × ${formatMeasure(diameterSum)} mm`, {
    contours: `${contours.length} contours, ${formatMeasure(contourLength)} mm together`,
    holes: holes.length === 0 ? 'no holes' : `${holes.length} holes, Ø ${diameters.map((d) => formatMeasure(d)).join(' + ')} mm`,
  });
}

function measurePierceCount(geometry: Geometry): Explained {
  const inner = (geometry.contours ?? []).filter((contour) => contour.kind === 'inner').length;
  const holes = (geometry.holes ?? []).length;
  return measure(new Dec(inner + holes + 1), 'pierces', `${inner} inner contours + ${holes} holes + 1 outer contour`, {
    'inner contours': String(inner),
    holes: String(holes),
  });
}

/** Every bend row is one bend; combined bends are shown with the bend, not counted again. */
function measureBendCount(geometry: Geometry): Explained {
  const bends = (geometry.bends ?? []).length;
  return measure(new Dec(bends), 'bends', `${bends} bends`, {});
}

export function measureGeometry(geometry: Geometry): GeometryMeasures {
  return { cutLength: measureCutLength(geometry), pierceCount: measurePierceCount(geometry), bendCount: measureBendCount(geometry) };
}

/** Cut length in mm: contour lengths plus hole circumferences π·d. */
export function cutLength(geometry: Geometry): Figure {
  return measureCutLength(geometry).figure;
}

/** Pierces: inner contours + holes + 1 for the outer contour. */
export function pierceCount(geometry: Geometry): Figure {
  return measurePierceCount(geometry).figure;
}

export function bendCount(geometry: Geometry): Figure {
  return measureBendCount(geometry).figure;
}

/** The figures shown next to a product's geometry. */
export function geometryFigures(geometry: Geometry): GeometryFigures {
  const measures = measureGeometry(geometry);
  return { cutLength: measures.cutLength.figure, pierceCount: measures.pierceCount.figure, bendCount: measures.bendCount.figure };
}
