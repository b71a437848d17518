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
  /** The same warnings, one for one, as codes with their figures, for a message in the reader's language. */
  notes: CadWarning[];
  /**
   * Every part on the sheet, largest first (the figures above are the first's), identical parts once
   * with their `count`. A drawing frame and its title block are no part.
   */
  parts: DxfPart[];
  /** A standalone SVG of the contours read (stroke only, y upwards as drawn, no scripts). */
  svg: string;
}

/** One part of a drawing: its figures as `DxfReading` has them for the largest, and how many the sheet holds. */
export interface DxfPart {
  boundingBox: DxfBoundingBox;
  area: number;
  outerContour: { length: number };
  innerContours: InnerContour[];
  holes: { diameter: number }[];
  cutLength: number;
  pierces: number;
  /** Identical parts on the sheet (same extents, area, contours and holes, turned or not). */
  count: number;
}

/** What a reader had to assume or leave out, as a code and the figures it names. */
export interface CadWarning {
  code: CadWarningCode;
  params: Record<string, number | string>;
}

export type CadWarningCode =
  | 'no-unit'
  | 'unit-not-supported'
  | 'gaps-closed'
  | 'duplicates'
  | 'flat-contours'
  | 'open-contours'
  | 'nested-parts'
  | 'frame-ignored'
  | 'title-block-ignored'
  | 'circle-on-outline'
  | 'views-ignored'
  | 'meshes-ignored'
  | 'block-not-found'
  | 'blocks-too-deep'
  | 'open-surfaces'
  | 'not-a-sheet';

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
  /** The same warnings as codes with their figures. */
  notes: CadWarning[];
  /** Each body of an assembly (the figures above are all bodies together), identical ones once with their `count`. */
  solids: StepSolid[];
}

export interface StepSolid {
  boundingBox: { length: number; width: number; thickness: number };
  volume: number;
  area: number;
  surfaceArea: number;
  count: number;
  /**
   * A sheet: its faces are two of one area (volume / thickness) joined by narrow edges, i.e. the
   * surface area is about 2 · volume / thickness plus the rim. False: not a sheet of constant thickness.
   */
  sheet: boolean;
}
