/**
 * Plane geometry of cut paths: points, straight and circular segments, their lengths, areas,
 * extents and 2D affine transforms. Arcs stay arcs (centre, radius, start angle, signed sweep) so
 * lengths (r·θ) and areas (circular segments) are exact; only containment tests sample them.
 */

export interface Point {
  x: number;
  y: number;
}

/** A circular arc; `sweep` in radians, positive counter-clockwise, never a full turn. */
export interface Arc {
  center: Point;
  radius: number;
  startAngle: number;
  sweep: number;
}

/** One cut from `start` to `end`: straight, or along `arc` when given. */
export interface Segment {
  start: Point;
  end: Point;
  arc?: Arc;
}

export interface Extent {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export const TAU = 2 * Math.PI;

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function pointOnArc(arc: Arc, angle: number): Point {
  return { x: arc.center.x + arc.radius * Math.cos(angle), y: arc.center.y + arc.radius * Math.sin(angle) };
}

export function lineSegment(start: Point, end: Point): Segment {
  return { start, end };
}

/** An arc segment; its end points are computed from the arc so they lie on it exactly. */
export function arcSegment(arc: Arc): Segment {
  return { start: pointOnArc(arc, arc.startAngle), end: pointOnArc(arc, arc.startAngle + arc.sweep), arc };
}

/**
 * A polyline's segment from `start` to `end` with DXF bulge b = tan(θ/4) (θ the signed sweep,
 * positive counter-clockwise). The centre lies off the chord's midpoint along its left normal by
 * c·(1 − b²)/(4b): the radius c·(1 + b²)/(4|b|) minus the sagitta |b|·c/2.
 */
export function bulgeSegment(start: Point, end: Point, bulge: number): Segment {
  if (!bulge || !Number.isFinite(bulge)) return { start, end };
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const chord = Math.hypot(dx, dy);
  if (chord === 0) return { start, end };
  const offset = (1 - bulge * bulge) / (4 * bulge);
  const center = { x: (start.x + end.x) / 2 - dy * offset, y: (start.y + end.y) / 2 + dx * offset };
  const radius = (chord * (1 + bulge * bulge)) / (4 * Math.abs(bulge));
  const arc = { center, radius, startAngle: Math.atan2(start.y - center.y, start.x - center.x), sweep: 4 * Math.atan(bulge) };
  return { start, end, arc };
}

export function segmentLength(segment: Segment): number {
  return segment.arc ? segment.arc.radius * Math.abs(segment.arc.sweep) : distance(segment.start, segment.end);
}

export function reverseSegment(segment: Segment): Segment {
  if (!segment.arc) return { start: segment.end, end: segment.start };
  const { center, radius, startAngle, sweep } = segment.arc;
  return { start: segment.end, end: segment.start, arc: { center, radius, startAngle: startAngle + sweep, sweep: -sweep } };
}

export function midpoint(segment: Segment): Point {
  if (segment.arc) return pointOnArc(segment.arc, segment.arc.startAngle + segment.arc.sweep / 2);
  return { x: (segment.start.x + segment.end.x) / 2, y: (segment.start.y + segment.end.y) / 2 };
}

/**
 * Signed area of a closed path (counter-clockwise positive): the shoelace formula over the
 * segments' start points, which closes any tiny gap by a chord, plus for every arc the exact
 * circular segment between chord and arc, r²/2·(θ − sin θ) with θ's sign.
 */
export function signedArea(path: readonly Segment[]): number {
  let twice = 0;
  for (let i = 0; i < path.length; i++) {
    const a = path[i].start;
    const b = path[(i + 1) % path.length].start;
    twice += a.x * b.y - b.x * a.y;
  }
  let area = twice / 2;
  for (const segment of path) {
    if (!segment.arc) continue;
    const { radius, sweep } = segment.arc;
    area += ((radius * radius) / 2) * (sweep - Math.sin(sweep));
  }
  return area;
}

export function pathLength(path: readonly Segment[]): number {
  return path.reduce((sum, segment) => sum + segmentLength(segment), 0);
}

export function emptyExtent(): Extent {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
}

function include(extent: Extent, point: Point): void {
  if (point.x < extent.minX) extent.minX = point.x;
  if (point.y < extent.minY) extent.minY = point.y;
  if (point.x > extent.maxX) extent.maxX = point.x;
  if (point.y > extent.maxY) extent.maxY = point.y;
}

/** Exact extents: an arc adds the quadrant points (0°, 90°, 180°, 270°) it passes. */
export function pathExtent(path: readonly Segment[], extent: Extent = emptyExtent()): Extent {
  for (const segment of path) {
    include(extent, segment.start);
    include(extent, segment.end);
    const arc = segment.arc;
    if (!arc) continue;
    const from = Math.min(arc.startAngle, arc.startAngle + arc.sweep);
    const to = Math.max(arc.startAngle, arc.startAngle + arc.sweep);
    for (let quadrant = Math.ceil(from / (Math.PI / 2)); quadrant * (Math.PI / 2) <= to; quadrant++) {
      include(extent, pointOnArc(arc, quadrant * (Math.PI / 2)));
    }
  }
  return extent;
}

export function extentContains(outer: Extent, inner: Extent, tolerance: number): boolean {
  return (
    inner.minX >= outer.minX - tolerance &&
    inner.minY >= outer.minY - tolerance &&
    inner.maxX <= outer.maxX + tolerance &&
    inner.maxY <= outer.maxY + tolerance
  );
}

/**
 * Steps for an arc of `radius` over `sweep` so that no chord leaves the arc by more than
 * `chordTolerance` (sagitta r·(1 − cos(δ/2))), at least `minimum`, at most `maximum`.
 */
export function arcSteps(radius: number, sweep: number, chordTolerance: number, minimum = 2, maximum = 1024): number {
  const ratio = Math.min(1, chordTolerance / Math.max(radius, 1e-12));
  const step = 2 * Math.acos(1 - ratio);
  const steps = step > 0 ? Math.ceil(Math.abs(sweep) / step) : maximum;
  return Math.max(minimum, Math.min(maximum, steps));
}

/** The path as a polygon (its vertices, the first not repeated), arcs sampled within `chordTolerance`. */
export function samplePath(path: readonly Segment[], chordTolerance: number): Point[] {
  const points: Point[] = [];
  for (const segment of path) {
    points.push(segment.start);
    const arc = segment.arc;
    if (!arc) continue;
    const steps = arcSteps(arc.radius, arc.sweep, chordTolerance);
    for (let i = 1; i < steps; i++) points.push(pointOnArc(arc, arc.startAngle + (arc.sweep * i) / steps));
  }
  return points;
}

/** Even-odd ray casting; a point on the edge may fall either way, so callers test a few points. */
export function insidePolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** x' = a·x + c·y + e, y' = b·x + d·y + f (the SVG matrix order). */
export interface Transform {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export const IDENTITY: Transform = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

export function translation(x: number, y: number): Transform {
  return { a: 1, b: 0, c: 0, d: 1, e: x, f: y };
}

export function rotation(radians: number): Transform {
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return { a: cos, b: sin, c: -sin, d: cos, e: 0, f: 0 };
}

export function scaling(x: number, y: number): Transform {
  return { a: x, b: 0, c: 0, d: y, e: 0, f: 0 };
}

/** `outer` after `inner`: compose(t1, t2)(p) = t1(t2(p)). */
export function compose(outer: Transform, inner: Transform): Transform {
  return {
    a: outer.a * inner.a + outer.c * inner.b,
    b: outer.b * inner.a + outer.d * inner.b,
    c: outer.a * inner.c + outer.c * inner.d,
    d: outer.b * inner.c + outer.d * inner.d,
    e: outer.a * inner.e + outer.c * inner.f + outer.e,
    f: outer.b * inner.e + outer.d * inner.f + outer.f,
  };
}

export function apply(transform: Transform, point: Point): Point {
  return { x: transform.a * point.x + transform.c * point.y + transform.e, y: transform.b * point.x + transform.d * point.y + transform.f };
}

export function determinant(transform: Transform): number {
  return transform.a * transform.d - transform.b * transform.c;
}

/** The factor lengths grow by (exact for a similarity, the geometric mean otherwise). */
export function linearScale(transform: Transform): number {
  return Math.sqrt(Math.abs(determinant(transform)));
}

/** Rotation, uniform scale and possibly a mirror: circles stay circles. */
export function isSimilarity(transform: Transform): boolean {
  const { a, b, c, d } = transform;
  const size = Math.max(Math.abs(a), Math.abs(b), Math.abs(c), Math.abs(d), 1e-12);
  const near = (x: number, y: number) => Math.abs(x - y) <= 1e-9 * size;
  return (near(a, d) && near(b, -c)) || (near(a, -d) && near(b, c));
}

/**
 * A segment moved by a similarity. An arc keeps its shape: the centre moves, the radius scales,
 * and a mirror turns its direction. Non-uniform scales are handled by the caller (sampling).
 */
export function transformSegment(transform: Transform, segment: Segment): Segment {
  const start = apply(transform, segment.start);
  const end = apply(transform, segment.end);
  if (!segment.arc) return { start, end };
  const center = apply(transform, segment.arc.center);
  const mirrored = determinant(transform) < 0;
  const arc = {
    center,
    radius: segment.arc.radius * linearScale(transform),
    startAngle: Math.atan2(start.y - center.y, start.x - center.x),
    sweep: mirrored ? -segment.arc.sweep : segment.arc.sweep,
  };
  return { start, end, arc };
}
