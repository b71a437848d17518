import { DerivedValues, positiveOrNull, roundStored } from '../shared/derived-values';

/**
 * Kilograms of a block of `mm3` cubic millimetres at `density` g/cm³: mm³ ÷ 1,000 is cm³, g ÷ 1,000 is kg,
 * as the pricing engine weighs a blank priced per kg (libs/pricing README, "Material").
 */
export function kilogramsOf(mm3: number, density: number): number {
  return (mm3 * density) / 1_000_000;
}

export interface MaterialDimensions {
  height?: unknown;
  width?: unknown;
  length?: unknown;
  density?: unknown;
}

/** A material's weight from its dimensions (height, for a sheet its thickness, × width × length, in mm) and density. */
export function materialFigures(material: MaterialDimensions): DerivedValues<'weight'> {
  const [height, width, length, density] = [material.height, material.width, material.length, material.density].map(positiveOrNull);
  if (height === null || width === null || length === null || density === null) return { weight: null };
  return { weight: roundStored(kilogramsOf(height * width * length, density)) };
}
