/**
 * @fabquote/cad: reads CAD files into the geometry the pricing engine prices. DXF (a flat part's
 * drawing): outer and inner contours, slots, holes, cut length, pierces, extents, net area and an
 * SVG preview. STEP (a solid): extents, thickness, volume, through OpenCascade (WebAssembly).
 * No I/O, no database, no AI; the rules and tolerances are in README.md.
 */
export { readDxf, CHAIN_TOLERANCE, GAP_TOLERANCE } from './read-dxf';
export { readStep } from './read-step';
export { readCadIsolated, DEFAULT_ISOLATION_LIMITS } from './isolated-read';
export type { IsolationLimits } from './isolated-read';
export { DEFAULT_READ_LIMITS } from './budget';
export type { ReadLimits } from './budget';
export { CadReadError, TOO_COMPLEX_CODES } from './errors';
export type { CadReadErrorCode } from './errors';
export type { CadWarning, CadWarningCode, DxfPart, DxfReading, DxfBoundingBox, InnerContour, InnerContourKind, StepReading, StepSolid } from './types';
export { dxfCircle, dxfDrawing, dxfRectangle } from './dxf-writer';
export type { DxfBlock, DxfDrawingInput, DxfEntity, DxfPoint, DxfUnit } from './dxf-writer';
export { assemblyPlate, plateAssemblyBodies, stepBox, stepSolids } from './step-writer';
export type { StepPrism } from './step-writer';
export { minsertEllipseBomb, largeSplineDrawing, nestedBlockBomb, nestedLinesBomb } from './dxf-bombs';
