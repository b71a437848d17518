import { kilogramsOf } from '../materials/material-figures';
import { DerivedValues, positiveOrNull, roundStored } from '../shared/derived-values';

export type BlankFigure = 'area' | 'volume' | 'weightPerUnit';

export interface BlankInputs {
  blankWidth?: unknown;
  blankLength?: unknown;
  thickness?: unknown;
  /** The chosen material's density in g/cm³, if it has one. */
  density?: unknown;
}

/**
 * A product's area (m²), volume (cm³) and weight per unit (kg) from its blank (width × length, mm),
 * its thickness (mm) and its material's density (g/cm³), each as far as its inputs are known. The
 * margins added for nesting are left out: they are scrap, not part of the piece.
 */
export function blankFigures(inputs: BlankInputs): DerivedValues<BlankFigure> {
  const [width, length, thickness, density] = [inputs.blankWidth, inputs.blankLength, inputs.thickness, inputs.density].map(positiveOrNull);
  const mm2 = width !== null && length !== null ? width * length : null;
  const mm3 = mm2 !== null && thickness !== null ? mm2 * thickness : null;
  return {
    area: mm2 === null ? null : roundStored(mm2 / 1_000_000),
    volume: mm3 === null ? null : roundStored(mm3 / 1_000),
    weightPerUnit: mm3 === null || density === null ? null : roundStored(kilogramsOf(mm3, density)),
  };
}
