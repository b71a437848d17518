/** What `readDxf` reads from a flat part's drawing. Lengths in mm, areas in mm², rounded to 0.0001. */
export interface DxfReading {
  /** Every figure is converted to millimetres ($INSUNITS inches, feet, cm, m, … are scaled). */
  unit: 'mm';
  /** The extents of the outer contour; `length` is the longer side, `width` the shorter. */
  boundingBox: DxfBoundingBox;
  /** Net area: the outer contour's area minus inner contours and holes. */
  area: number;
  outerContour: { length: number };
  innerContours: InnerContour[];
  /** Full circles inside the outer contour. */
  holes: { diameter: number }[];
  /** Outer + inner contour lengths + π·Σ hole diameters, computed from the rounded figures above. */
  cutLength: number;
  /** Inner contours + holes + 1 for the outer contour. */
  pierces: number;
  /** Contour entities read (lines, arcs, circles, polylines, ellipses, splines), blocks expanded. */
  entityCount: number;
  /** What was left out or assumed, in short English sentences. */
  warnings: string[];
  /** A standalone SVG of the contours read (stroke only, y upwards as drawn, no scripts). */
  svg: string;
}

export interface DxfBoundingBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** The shorter side. */
  width: number;
  /** The longer side. */
  length: number;
}

/** `slot`: two parallel straight lines joined by two half circles (a long hole); else `contour`. */
export type InnerContourKind = 'slot' | 'contour';

export interface InnerContour {
  length: number;
  kind: InnerContourKind;
}

/** What `readStep` reads from a solid model. Lengths in mm, rounded to 0.0001. */
export interface StepReading {
  /** The axis-aligned extents in the model's own axes, sorted: length ≥ width ≥ thickness. */
  boundingBox: { length: number; width: number; thickness: number };
  /** mm³, from the closed triangulated surfaces. */
  volume: number;
  /** mm²: volume / thickness, a flat part's face area when the part is a sheet of that thickness. */
  area: number;
  /** mm²: the area of all faces, as triangulated. */
  surfaceArea: number;
  /** Bodies (meshes) in the file. */
  meshCount: number;
  warnings: string[];
}
