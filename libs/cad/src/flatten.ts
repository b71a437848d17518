import type { IArcEntity, IDxf, IEllipseEntity, IEntity, IInsertEntity, ILineEntity, ILwpolylineEntity, IPolylineEntity } from 'dxf-parser';
import type { CircleEntity, PlanePoint, SplineEntity } from './dxf-handlers';
import { ReadBudget } from './budget';
import {
  Arc,
  Point,
  Segment,
  TAU,
  Transform,
  apply,
  arcSegment,
  arcSteps,
  bulgeSegment,
  compose,
  isSimilarity,
  linearScale,
  rotation,
  scaling,
  transformSegment,
  translation,
} from './plane';

/**
 * Turns a parsed drawing into cut paths in world millimetres: blocks expanded (translation,
 * rotation, scale, mirror, arrays), object coordinate systems of mirrored entities applied,
 * ellipses and splines sampled. Text, dimensions, hatches, points and 3D entities are no cut.
 */

/** How far a sampled curve may leave the true one, in mm. */
export const SAMPLING_TOLERANCE = 0.001;
/** Blocks inside blocks deeper than this are a loop in the drawing, not a part. */
const MAX_BLOCK_DEPTH = 16;
/*
 * Entities visited and block references expanded, and the points every path is made of, are spent
 * from the drawing's `ReadBudget` (budget.ts): a few nested arrays of blocks multiply into billions of
 * entities, and one ellipse repeated by a MINSERT into billions of points, which would take the memory
 * of any process; no flat part needs that many. Points are spent before they are made.
 */

export interface FlatPath {
  segments: Segment[];
  closed: boolean;
  /** Set when the path is a full circle (a CIRCLE, or an ARC of 360°). */
  circle?: { center: Point; radius: number };
}

export interface FlatDrawing {
  paths: FlatPath[];
  /** Contour entities read, each block entity once per insertion. */
  entityCount: number;
  notes: string[];
  /** Where texts (TEXT, MTEXT) stand: a rectangle holding them may be a drawing frame or a title block. */
  texts: Point[];
}

interface Walk {
  blocks: IDxf['blocks'];
  /** Each layer's line type ({@link layerLineTypes}). */
  layerTypes: ReadonlyMap<string, string>;
  paths: FlatPath[];
  texts: Point[];
  entityCount: number;
  budget: ReadBudget;
  notes: Set<string>;
}

export function flattenDrawing(dxf: IDxf, unitScale: number, budget: ReadBudget = new ReadBudget(), layerTypes: ReadonlyMap<string, string> = new Map()): FlatDrawing {
  const walk: Walk = { blocks: dxf.blocks ?? {}, layerTypes, paths: [], texts: [], entityCount: 0, budget, notes: new Set() };
  visit(walk, dxf.entities ?? [], scaling(unitScale, unitScale), 0);
  return { paths: walk.paths, entityCount: walk.entityCount, notes: [...walk.notes], texts: walk.texts };
}

/**
 * Layers and line types that draw about the part, never the cut: centre lines, hidden edges, dimensions,
 * hatches, texts, frames' title blocks (English and German names, as CAD templates name them).
 */
const ANNOTATION_LAYER =
  /(?:^|[^a-z])(?:center|centre|center ?lines?|centre ?lines?|mittel|mittellinien?|achsen?|axis|axes|dim|dims|dimensions?|bema|bemassung(?:en)?|bemaßung(?:en)?|hatch(?:es|ing)?|schraffur(?:en)?|text|texts|texte|hidden|verdeckt|verdeckte|title|titles|titleblock|schriftfeld|schriftfelder)(?:$|[^a-z])/i;
const ANNOTATION_LINE_TYPE =
  /^(?:center|centre|center2|centerx2|dashdot|dashdot2|dashdotx2|dashed|dashed2|dashedx2|hidden|hidden2|hiddenx2|phantom|phantom2|divide|acad_iso0[2-9]w100|acad_iso1[0-5]w100)$/i;

/**
 * An entity on an annotation layer or drawn in a centre, hidden or phantom line type: no cut. An entity without a
 * line type of its own (none, or BYLAYER) is drawn in its layer's (`layerTypes`).
 */
function annotation(entity: IEntity, layerTypes: ReadonlyMap<string, string>): boolean {
  const own = (entity as { lineType?: unknown }).lineType;
  const layer = typeof entity.layer === 'string' ? entity.layer : undefined;
  const drawnOwn = typeof own === 'string' && own.trim() !== '' && !/^bylayer$/i.test(own.trim());
  const lineType = drawnOwn ? own : layer === undefined ? undefined : layerTypes.get(layer.toLowerCase());
  if (typeof lineType === 'string' && ANNOTATION_LINE_TYPE.test(lineType.trim())) return true;
  return layer !== undefined && ANNOTATION_LAYER.test(layer.replace(/[_\-.]/g, ' '));
}

/** The LAYER table's start: `0 TABLE`, `2 LAYER`. */
const LAYER_TABLE = /(?:^|\n)[ \t]*0[ \t]*\r?\n[ \t]*TABLE[ \t]*\r?\n[ \t]*2[ \t]*\r?\n[ \t]*LAYER[ \t]*\r?\n/;
/** More layers than any drawing has: the rest are not looked at (their entities count by their names only). */
const MAX_LAYERS = 10_000;

/**
 * Each layer's line type (group 6 of its LAYER record), by the layer's name in lower case: dxf-parser does not
 * read the tables (they are left out before parsing, read-dxf.ts), and AutoCAD and its kin draw centre and hidden
 * lines on layers of that line type (AutoCAD Mechanical's AM_7, AM_3) with entities drawn BYLAYER. Walks the LAYER
 * table pair by pair without splitting the text, up to its first record of another kind (ENDTAB).
 */
export function layerLineTypes(text: string): Map<string, string> {
  const types = new Map<string, string>();
  const table = LAYER_TABLE.exec(text);
  if (!table) return types;
  const lineEnd = (from: number) => {
    const end = text.indexOf('\n', from);
    return end < 0 ? text.length : end;
  };
  let position = table.index + table[0].length;
  let name: string | undefined;
  let type: string | undefined;
  while (position < text.length && types.size < MAX_LAYERS) {
    const codeEnd = lineEnd(position);
    const valueEnd = lineEnd(codeEnd + 1);
    const code = text.slice(position, codeEnd).trim();
    const value = text.slice(codeEnd + 1, valueEnd).trim();
    position = valueEnd + 1;
    if (code === '0') {
      if (name !== undefined && type !== undefined) types.set(name.toLowerCase(), type);
      name = type = undefined;
      if (value !== 'LAYER') break;
    } else if (code === '2') name = value;
    else if (code === '6') type = value;
  }
  return types;
}

function visit(walk: Walk, entities: readonly IEntity[], transform: Transform, depth: number): void {
  for (const entity of entities) {
    if (entity.inPaperSpace || entity.visible === false) continue;
    walk.budget.spendEntity();
    if (entity.type === 'TEXT' || entity.type === 'MTEXT') {
      const at = (entity as { startPoint?: PlanePoint; position?: PlanePoint }).startPoint ?? (entity as { position?: PlanePoint }).position;
      if (at && finite(at.x, at.y)) walk.texts.push(apply(transform, point(at)));
      continue;
    }
    if (annotation(entity, walk.layerTypes)) continue;
    read(walk, entity, transform, depth);
  }
}

const finite = (...values: unknown[]) => values.every((value) => typeof value === 'number' && Number.isFinite(value));

function read(walk: Walk, entity: IEntity, transform: Transform, depth: number): void {
  switch (entity.type) {
    case 'LINE': {
      const [start, end] = (entity as ILineEntity).vertices ?? [];
      if (!start || !end || !finite(start.x, start.y, end.x, end.y)) return;
      emit(walk, transform, [{ start: point(start), end: point(end) }], false);
      return;
    }
    case 'ARC': {
      const arc = entity as IArcEntity;
      if (!finite(arc.center?.x, arc.center?.y, arc.radius, arc.startAngle, arc.endAngle) || arc.radius <= 0) return;
      let sweep = arc.endAngle - arc.startAngle;
      while (sweep <= 0) sweep += TAU;
      while (sweep > TAU) sweep -= TAU;
      const local = compose(transform, objectCoordinates(arc.extrusionDirectionZ));
      if (sweep > TAU - 1e-9) emitCircle(walk, local, point(arc.center), arc.radius);
      else emit(walk, local, [arcSegment({ center: point(arc.center), radius: arc.radius, startAngle: arc.startAngle, sweep })], false);
      return;
    }
    case 'CIRCLE': {
      const circle = entity as unknown as CircleEntity;
      if (!finite(circle.center.x, circle.center.y, circle.radius) || circle.radius <= 0) return;
      emitCircle(walk, compose(transform, objectCoordinates(circle.extrusionDirectionZ)), circle.center, circle.radius);
      return;
    }
    case 'LWPOLYLINE': {
      const polyline = entity as ILwpolylineEntity;
      emitPolyline(walk, compose(transform, objectCoordinates(polyline.extrusionDirectionZ)), polyline.vertices ?? [], polyline.shape);
      return;
    }
    case 'POLYLINE': {
      const polyline = entity as IPolylineEntity;
      if (polyline.isPolyfaceMesh || polyline.is3dPolygonMesh) {
        walk.notes.add('3D meshes ignored');
        return;
      }
      // Spline-fit polylines keep their frame (control points) beside the fitted vertices; the cut is the fit.
      const vertices = (polyline.vertices ?? []).filter((vertex) => !vertex.splineControlPoint);
      const local = polyline.is3dPolyline ? transform : compose(transform, objectCoordinates(polyline.extrusionDirection?.z));
      emitPolyline(walk, local, vertices, polyline.shape);
      return;
    }
    case 'ELLIPSE':
      emitEllipse(walk, transform, entity as IEllipseEntity);
      return;
    case 'SPLINE':
      emitSpline(walk, transform, entity as unknown as SplineEntity);
      return;
    case 'INSERT':
      insert(walk, entity as IInsertEntity, transform, depth);
      return;
    default:
      // TEXT, MTEXT, DIMENSION, ATTDEF, POINT, SOLID, 3DFACE (HATCH and others never reach here):
      // annotations and fills, no cut.
      return;
  }
}

function point(source: { x: number; y: number }): Point {
  return { x: source.x, y: source.y };
}

/**
 * An entity drawn with extrusion (0, 0, −1), as a mirrored part's arcs and polylines are, has its
 * object x axis along world −x (the DXF arbitrary axis algorithm). Other tilted planes are not
 * flat parts and are read as if seen from above.
 */
function objectCoordinates(extrusionZ: number | undefined): Transform {
  return typeof extrusionZ === 'number' && extrusionZ < 0 ? scaling(-1, 1) : scaling(1, 1);
}

function emitCircle(walk: Walk, transform: Transform, center: PlanePoint, radius: number): void {
  const halves: Segment[] = [
    arcSegment({ center: point(center), radius, startAngle: 0, sweep: Math.PI }),
    arcSegment({ center: point(center), radius, startAngle: Math.PI, sweep: Math.PI }),
  ];
  walk.entityCount++;
  if (isSimilarity(transform)) {
    walk.budget.spendPoints(halves.length);
    const moved = halves.map((segment) => transformSegment(transform, segment));
    walk.paths.push({ segments: moved, closed: true, circle: { center: apply(transform, center), radius: radius * linearScale(transform) } });
  } else {
    walk.paths.push({ segments: sampleUnder(walk, transform, halves), closed: true });
  }
}

/** Adds a path read from one entity, moved into world millimetres. */
function emit(walk: Walk, transform: Transform, segments: Segment[], closed: boolean): void {
  walk.entityCount++;
  const exact = isSimilarity(transform) || segments.every((segment) => !segment.arc);
  if (exact) walk.budget.spendPoints(segments.length);
  const moved = exact ? segments.map((segment) => transformSegment(transform, segment)) : sampleUnder(walk, transform, segments);
  const kept = moved.filter((segment) => Boolean(segment.arc) || Math.hypot(segment.end.x - segment.start.x, segment.end.y - segment.start.y) > 1e-9);
  if (kept.length) walk.paths.push({ segments: kept, closed });
}

/**
 * A block scaled unevenly turns arcs into elliptic arcs: they are sampled before the transform,
 * as straight segments within the sampling tolerance of the result.
 */
function sampleUnder(walk: Walk, transform: Transform, segments: readonly Segment[]): Segment[] {
  const tolerance = SAMPLING_TOLERANCE / Math.max(linearScale(transform), 1e-12);
  const points: Point[] = [];
  for (const segment of segments) {
    if (!points.length) points.push(segment.start);
    const arc: Arc | undefined = segment.arc;
    walk.budget.spendPoints(1);
    if (arc) {
      const steps = arcSteps(arc.radius, arc.sweep, tolerance, 2, 4096);
      walk.budget.spendPoints(steps);
      for (let i = 1; i < steps; i++) {
        const angle = arc.startAngle + (arc.sweep * i) / steps;
        points.push({ x: arc.center.x + arc.radius * Math.cos(angle), y: arc.center.y + arc.radius * Math.sin(angle) });
      }
    }
    points.push(segment.end);
  }
  return polylineThrough(points.map((p) => apply(transform, p)));
}

function polylineThrough(points: readonly Point[]): Segment[] {
  const segments: Segment[] = [];
  for (let i = 1; i < points.length; i++) segments.push({ start: points[i - 1], end: points[i] });
  return segments;
}

interface Vertex {
  x: number;
  y: number;
  bulge?: number;
}

function emitPolyline(walk: Walk, transform: Transform, vertices: readonly Vertex[], closed: boolean | undefined): void {
  const usable = vertices.filter((vertex) => finite(vertex.x, vertex.y));
  if (usable.length < 2) return;
  const segments: Segment[] = [];
  const count = closed ? usable.length : usable.length - 1;
  for (let i = 0; i < count; i++) {
    const from = usable[i];
    const to = usable[(i + 1) % usable.length];
    if (from.x === to.x && from.y === to.y) continue;
    segments.push(bulgeSegment(point(from), point(to), from.bulge ?? 0));
  }
  if (segments.length) emit(walk, transform, segments, Boolean(closed));
}

/**
 * ELLIPSE is approximated by straight segments, sampled so that no chord leaves the curve by
 * more than SAMPLING_TOLERANCE (the chords of the circle over the major axis, shrunk, stay closer).
 */
function emitEllipse(walk: Walk, transform: Transform, ellipse: IEllipseEntity): void {
  const { center, majorAxisEndPoint: major, axisRatio } = ellipse;
  if (!center || !major || !finite(center.x, center.y, major.x, major.y, axisRatio)) return;
  const start = finite(ellipse.startAngle) ? ellipse.startAngle : 0;
  let end = finite(ellipse.endAngle) ? ellipse.endAngle : TAU;
  while (end <= start) end += TAU;
  const full = end - start > TAU - 1e-9;
  if (full) end = start + TAU;
  const minor = { x: -major.y * axisRatio, y: major.x * axisRatio };
  const radius = Math.hypot(major.x, major.y);
  const tolerance = SAMPLING_TOLERANCE / Math.max(linearScale(transform), 1e-12);
  const steps = arcSteps(radius, end - start, tolerance, 8, 4096);
  walk.budget.spendPoints(steps + 1);
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = start + ((end - start) * i) / steps;
    points.push({ x: center.x + major.x * Math.cos(t) + minor.x * Math.sin(t), y: center.y + major.y * Math.cos(t) + minor.y * Math.sin(t) });
  }
  if (full) points[points.length - 1] = points[0];
  emit(walk, transform, polylineThrough(points), full);
}

/**
 * SPLINE is approximated by straight segments: the NURBS curve (control points, knots, weights)
 * is traced by de Boor's algorithm and each knot span halved until the chord stays within
 * SAMPLING_TOLERANCE of the curve. A spline given by fit points only is read through them.
 */
function emitSpline(walk: Walk, transform: Transform, spline: SplineEntity): void {
  const tolerance = SAMPLING_TOLERANCE / Math.max(linearScale(transform), 1e-12);
  const fitted = spline.fitPoints.length >= 2 && spline.fitPoints.every((p) => finite(p.x, p.y));
  const points = traceNurbs(walk.budget, spline, tolerance) ?? (fitted ? spline.fitPoints.map(point) : null);
  if (!points) return;
  const first = points[0];
  const last = points[points.length - 1];
  const closed = spline.closed || (first.x === last.x && first.y === last.y);
  if (closed && (first.x !== last.x || first.y !== last.y)) points.push(first);
  emit(walk, transform, polylineThrough(points), closed);
}

function traceNurbs(budget: ReadBudget, spline: SplineEntity, tolerance: number): Point[] | null {
  const { degree, controlPoints, knots } = spline;
  if (!controlPoints.every((p) => finite(p.x, p.y)) || !knots.every((knot) => finite(knot))) return null;
  const count = controlPoints.length;
  if (degree < 1 || count <= degree || knots.length !== count + degree + 1) return null;
  const weights = spline.weights.length === count ? spline.weights : controlPoints.map(() => 1);
  if (weights.some((weight) => !(weight > 0))) return null;
  // One buffer for every evaluation (x·w, y·w, w per control point of the span): a large spline is
  // evaluated millions of times.
  const d = new Float64Array((degree + 1) * 3);
  const at = (span: number, t: number): Point => {
    for (let j = 0; j <= degree; j++) {
      const p = controlPoints[j + span - degree];
      const w = weights[j + span - degree];
      d[3 * j] = p.x * w;
      d[3 * j + 1] = p.y * w;
      d[3 * j + 2] = w;
    }
    for (let r = 1; r <= degree; r++) {
      for (let j = degree; j >= r; j--) {
        const left = knots[j + span - degree];
        const width = knots[j + 1 + span - r] - left;
        const alpha = width === 0 ? 0 : (t - left) / width;
        for (let k = 0; k < 3; k++) d[3 * j + k] = (1 - alpha) * d[3 * (j - 1) + k] + alpha * d[3 * j + k];
      }
    }
    return { x: d[3 * degree] / d[3 * degree + 2], y: d[3 * degree + 1] / d[3 * degree + 2] };
  };
  const points: Point[] = [];
  const refine = (span: number, t0: number, p0: Point, t1: number, p1: Point, depth: number) => {
    const tm = (t0 + t1) / 2;
    const pm = at(span, tm);
    const chordMid = { x: (p0.x + p1.x) / 2, y: (p0.y + p1.y) / 2 };
    if (depth >= 2 && (depth >= 12 || Math.hypot(pm.x - chordMid.x, pm.y - chordMid.y) <= tolerance)) {
      budget.spendPoints(1);
      points.push(p1);
      return;
    }
    refine(span, t0, p0, tm, pm, depth + 1);
    refine(span, tm, pm, t1, p1, depth + 1);
  };
  for (let span = degree; span < count; span++) {
    const t0 = knots[span];
    const t1 = knots[span + 1];
    if (!(t1 > t0)) continue;
    const p0 = at(span, t0);
    if (!points.length) points.push(p0);
    refine(span, t0, p0, t1, at(span, t1), 0);
  }
  return points.length >= 2 ? points : null;
}

/**
 * A block reference: the block's entities moved from its base point, scaled, rotated and placed
 * (and repeated for a MINSERT's columns and rows, spaced along the rotated axes).
 */
function insert(walk: Walk, reference: IInsertEntity, transform: Transform, depth: number): void {
  const block = walk.blocks[reference.name];
  if (!block) {
    walk.notes.add(`block ${reference.name} not found`);
    return;
  }
  if (depth >= MAX_BLOCK_DEPTH) {
    walk.notes.add(`blocks nested deeper than ${MAX_BLOCK_DEPTH} levels ignored`);
    return;
  }
  const base = block.position && finite(block.position.x, block.position.y) ? block.position : { x: 0, y: 0 };
  const position = reference.position ?? { x: 0, y: 0 };
  if (!finite(position.x, position.y)) return;
  const xScale = finite(reference.xScale) ? reference.xScale : 1;
  const yScale = finite(reference.yScale) ? reference.yScale : 1;
  const angle = ((finite(reference.rotation) ? reference.rotation : 0) * Math.PI) / 180;
  const columns = Math.max(1, Math.floor(reference.columnCount || 1));
  const rows = Math.max(1, Math.floor(reference.rowCount || 1));
  // World ← object coordinates ← insertion point ← rotation ← [column/row offset] ← scale ← base point.
  const placed = compose(compose(transform, objectCoordinates(reference.extrusionDirection?.z)), compose(translation(position.x, position.y), rotation(angle)));
  const scaled = compose(scaling(xScale, yScale), translation(-base.x, -base.y));
  const entities = block.entities ?? [];
  for (let column = 0; column < columns; column++) {
    for (let row = 0; row < rows; row++) {
      walk.budget.spendEntity();
      const offset = translation(column * (reference.columnSpacing || 0), row * (reference.rowSpacing || 0));
      const local = compose(offset, scaled);
      visit(walk, entities, compose(placed, local), depth + 1);
    }
  }
}
