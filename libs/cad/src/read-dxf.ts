import type { IDxf } from 'dxf-parser';
import { DEFAULT_READ_LIMITS, ReadBudget, ReadLimits } from './budget';
import { chainPieces } from './chain';
import { createDxfParser } from './dxf-handlers';
import { CadReadError } from './errors';
import { FlatPath, flattenDrawing } from './flatten';
import {
  Extent,
  Point,
  Segment,
  TAU,
  arcSteps,
  distance,
  extentContains,
  insidePolygon,
  midpoint,
  pathExtent,
  samplePath,
  segmentLength,
  signedArea,
} from './plane';
import { previewSvg } from './svg-preview';
import type { DxfReading, InnerContour } from './types';

/** Ends closer than this (mm) are one point: chaining, circles, slots, duplicates. */
export const CHAIN_TOLERANCE = 0.01;
/** Gaps still open after chaining are closed up to this (mm), with a warning. */
export const GAP_TOLERANCE = 0.1;
/** Arcs become polygons within this (mm) only to test what lies inside what. */
const CONTAINMENT_TOLERANCE = 0.01;
/** A loop enclosing less (mm²) is a line drawn back and forth, not a contour. */
const MIN_AREA = 1e-6;

/** $INSUNITS codes and their millimetres; 0 (unitless) and a missing header mean millimetres. */
const UNIT_MILLIMETRES: Record<number, number> = {
  1: 25.4, // inches
  2: 304.8, // feet
  4: 1, // millimetres
  5: 10, // centimetres
  6: 1000, // metres
  8: 25.4e-6, // microinches
  9: 0.0254, // mils
  10: 914.4, // yards
  13: 0.001, // micrometres
  14: 100, // decimetres
};

interface Loop {
  segments: Segment[];
  circle?: { center: Point; radius: number };
  length: number;
  area: number;
  extent: Extent;
  polygon?: Point[];
}

const round = (value: number) => Math.round(value * 1e4) / 1e4 + 0;

/**
 * Reads a flat part from an ASCII DXF drawing: the largest closed loop is the outer contour,
 * closed loops inside it are holes (full circles), slots or inner contours. See README.md.
 * The work is bounded by `limits` (points traced, entities and insertions expanded): a drawing
 * asking more is refused with `too-complex` or `too-large` before it takes the memory.
 */
export function readDxf(content: Buffer | string, limits: ReadLimits = DEFAULT_READ_LIMITS): DxfReading {
  const budget = new ReadBudget(limits);
  const text = typeof content === 'string' ? content : decode(content);
  const dxf = parse(text);
  const warnings: string[] = [];
  const unitScale = drawingUnit(dxf, warnings);
  const drawing = flattenDrawing(dxf, unitScale, budget);
  warnings.push(...drawing.notes);
  const { loops, open } = closeLoops(drawing.paths, warnings);
  if (!loops.length) {
    if (open.length) throw new CadReadError('outer-contour-open', 'The outer contour is not closed');
    throw new CadReadError('no-contour', 'The drawing has no contour');
  }

  const outer = loops.reduce((largest, loop) => (loop.area > largest.area ? loop : largest));
  if (open.some((chain) => !extentContains(outer.extent, pathExtent(chain), CHAIN_TOLERANCE))) {
    // An open chain reaching beyond the largest closed loop is most likely the real outline.
    throw new CadReadError('outer-contour-open', 'The outer contour is not closed');
  }
  if (open.length) warnings.push(openChainWarning(open));

  // Largest first, so a loop's possible containers are placed before it is placed.
  const candidates = loops.filter((loop) => loop !== outer).sort((a, b) => b.area - a.area);
  const inside: Loop[] = [];
  const placed = new LoopGrid(outer.extent, candidates.length);
  let outside = 0;
  let nested = 0;
  for (const loop of candidates) {
    if (!within(loop, outer, budget)) outside++;
    else if (placed.around(loop).some((larger) => within(loop, larger, budget))) nested++;
    else {
      inside.push(loop);
      placed.add(loop);
    }
  }
  if (outside) warnings.push('more than one part in the drawing: only the largest is read');
  if (nested) warnings.push(`${nested} ${plural(nested, 'contour')} inside cut-outs ignored`);

  const holes = inside.filter((loop) => loop.circle).map((loop) => ({ diameter: round(2 * loop.circle!.radius) }));
  const innerLoops = inside.filter((loop) => !loop.circle);
  const innerContours: InnerContour[] = innerLoops.map((loop) => ({ length: round(loop.length), kind: isSlot(loop.segments) ? 'slot' : 'contour' }));
  const outerLength = round(outer.length);
  const contourSum = innerContours.reduce((sum, contour) => sum + contour.length, outerLength);
  const diameterSum = holes.reduce((sum, hole) => sum + hole.diameter, 0);
  const area = inside.reduce((net, loop) => net - loop.area, outer.area);
  const { minX, minY, maxX, maxY } = outer.extent;
  const sides = [maxX - minX, maxY - minY].sort((a, b) => a - b);

  return {
    unit: 'mm',
    boundingBox: { minX: round(minX), minY: round(minY), maxX: round(maxX), maxY: round(maxY), width: round(sides[0]), length: round(sides[1]) },
    area: round(area),
    outerContour: { length: outerLength },
    innerContours,
    holes,
    cutLength: round(contourSum + Math.PI * diameterSum),
    pierces: innerContours.length + holes.length + 1,
    entityCount: drawing.entityCount,
    warnings,
    svg: previewSvg(outer.extent, outer.segments, inside.map((loop) => loop.segments)),
  };
}

/**
 * DXF before 2007 is in the drawing's code page, since then UTF-8; only names and text differ, which
 * are not read, so Latin-1 (never invalid) does for both.
 */
function decode(content: Buffer): string {
  if (content.subarray(0, 18).toString('latin1') === 'AutoCAD Binary DXF') {
    throw new CadReadError('binary-dxf', 'Binary DXF is not supported: save the drawing as ASCII DXF');
  }
  const utf8Mark = content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf;
  return (utf8Mark ? content.subarray(3) : content).toString('latin1');
}

/**
 * dxf-parser trusts its input: it logs a line for every group code it does not know (garbage would
 * fill the log), and it loops for ever on a POLYLINE without SEQEND or a table holding a record of
 * another kind. So the file is checked pair by pair first (every code a number, POLYLINEs ended),
 * and the sections nothing here reads (tables, classes, objects, thumbnail) are left out.
 */
function parse(source: string): IDxf {
  let text = source.replace(/^\uFEFF/, '');
  if (text.startsWith('AutoCAD Binary DXF')) throw new CadReadError('binary-dxf', 'Binary DXF is not supported: save the drawing as ASCII DXF');
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  const notDxf = () => new CadReadError('not-dxf', 'The file is not a DXF drawing');
  const damaged = () => new CadReadError('unreadable', 'The DXF file is damaged and cannot be read');
  // Walks the text pair by pair without splitting it: a drawing of 10,000 entities has 300,000 lines.
  const kept: string[] = [];
  let keptFrom = 0;
  let position = 0;
  let sections = 0;
  let hasEntities = false;
  let skipFrom = -1;
  let inPolyline = false;
  const lineEnd = (from: number) => {
    const end = text.indexOf('\n', from);
    return end < 0 ? text.length : end;
  };
  while (position < text.length) {
    const codeEnd = lineEnd(position);
    const code = groupCode(text, position, codeEnd);
    if (code === null) {
      if (text.slice(position).trim() === '') break; // blank lines at the end
      throw notDxf();
    }
    const valueEnd = lineEnd(codeEnd + 1);
    const pairStart = position;
    position = valueEnd + 1;
    if (code !== 0) continue;
    const value = text.slice(codeEnd + 1, valueEnd).trim();
    if (inPolyline && value !== 'VERTEX') {
      if (value !== 'SEQEND') throw damaged();
      inPolyline = false;
    } else if (value === 'POLYLINE') inPolyline = true;
    if (value === 'SECTION') {
      if (skipFrom >= 0) {
        // A left-out section without its ENDSEC ends where the next begins.
        kept.push(text.slice(keptFrom, skipFrom));
        keptFrom = pairStart;
        skipFrom = -1;
      }
      const nameEnd = lineEnd(lineEnd(position) + 1);
      const name = text.slice(lineEnd(position) + 1, nameEnd).trim();
      sections++;
      hasEntities ||= name === 'ENTITIES';
      if (UNREAD_SECTIONS.has(name)) skipFrom = pairStart;
    } else if (value === 'ENDSEC' && skipFrom >= 0) {
      kept.push(text.slice(keptFrom, skipFrom));
      keptFrom = position;
      skipFrom = -1;
    }
  }
  if (!sections || !hasEntities) throw notDxf();
  if (inPolyline) throw damaged();
  kept.push(text.slice(keptFrom, skipFrom >= 0 ? skipFrom : text.length));
  let dxf: IDxf | null;
  try {
    dxf = createDxfParser().parse(kept.join(''));
  } catch {
    throw damaged();
  }
  if (!dxf) throw damaged();
  return dxf;
}

/** The group code on text[from, to): an integer, spaces around allowed; null when it is not one. */
function groupCode(text: string, from: number, to: number): number | null {
  let start = from;
  let end = to;
  while (start < end && text.charCodeAt(start) === 32) start++;
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  const negative = start < end && text.charCodeAt(start) === 45; // '-'
  if (negative) start++;
  if (end - start < 1 || end - start > 4) return null;
  let code = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    code = code * 10 + digit;
  }
  return negative ? -code : code;
}

const UNREAD_SECTIONS = new Set(['TABLES', 'CLASSES', 'OBJECTS', 'THUMBNAILIMAGE', 'ACDSDATA']);

function drawingUnit(dxf: IDxf, warnings: string[]): number {
  const code = dxf.header?.$INSUNITS;
  if (typeof code !== 'number' || code === 0) {
    warnings.push('no drawing unit given: millimetres assumed');
    return 1;
  }
  const scale = UNIT_MILLIMETRES[code];
  if (scale === undefined) {
    warnings.push(`drawing unit ${code} not supported: millimetres assumed`);
    return 1;
  }
  return scale;
}

function loopOf(segments: Segment[], circle?: Loop['circle']): Loop {
  return {
    segments,
    circle: circle ?? circleOf(segments),
    length: segments.reduce((sum, segment) => sum + segmentLength(segment), 0),
    area: Math.abs(signedArea(segments)),
    extent: pathExtent(segments),
  };
}

/** A loop of arcs around one centre, of one radius and direction, turning once: a hole. */
function circleOf(segments: readonly Segment[]): Loop['circle'] {
  const first = segments[0]?.arc;
  if (!first) return undefined;
  let turn = 0;
  for (const { arc } of segments) {
    if (!arc || Math.sign(arc.sweep) !== Math.sign(first.sweep)) return undefined;
    if (distance(arc.center, first.center) > CHAIN_TOLERANCE || Math.abs(arc.radius - first.radius) > CHAIN_TOLERANCE) return undefined;
    turn += arc.sweep;
  }
  return Math.abs(Math.abs(turn) - TAU) < 1e-6 ? { center: first.center, radius: first.radius } : undefined;
}

/** Two straight lines of one length, joined by two half circles of one radius. */
function isSlot(segments: readonly Segment[]): boolean {
  if (segments.length !== 4) return false;
  const [line1, arc1, line2, arc2] = segments[0].arc ? [segments[1], segments[2], segments[3], segments[0]] : segments;
  if (line1.arc || line2.arc || !arc1.arc || !arc2.arc) return false;
  const half = (arc: NonNullable<Segment['arc']>) => Math.abs(Math.abs(arc.sweep) - Math.PI) < 1e-3;
  return (
    half(arc1.arc) &&
    half(arc2.arc) &&
    Math.sign(arc1.arc.sweep) === Math.sign(arc2.arc.sweep) &&
    Math.abs(arc1.arc.radius - arc2.arc.radius) <= CHAIN_TOLERANCE &&
    Math.abs(segmentLength(line1) - segmentLength(line2)) <= CHAIN_TOLERANCE &&
    Math.abs(distance(arc1.arc.center, arc2.arc.center) - segmentLength(line1)) <= CHAIN_TOLERANCE
  );
}

/**
 * Closed paths as they are; open pieces chained at CHAIN_TOLERANCE, what stays open once more at
 * GAP_TOLERANCE. Pieces and loops drawn twice are read once; loops without area are dropped.
 */
function closeLoops(paths: readonly FlatPath[], warnings: string[]): { loops: Loop[]; open: Segment[][] } {
  const seen = new Set<string>();
  let duplicates = 0;
  const fresh = (key: string) => {
    if (seen.has(key)) {
      duplicates++;
      return false;
    }
    seen.add(key);
    return true;
  };
  const loops: Loop[] = [];
  const pieces: Segment[][] = [];
  for (const path of paths) {
    if (path.closed) {
      const loop = loopOf(path.segments, path.circle);
      if (fresh(loopKey(loop))) loops.push(loop);
    } else {
      for (const segment of path.segments) if (fresh(segmentKey(segment))) pieces.push([segment]);
    }
  }
  const chained = chainPieces(pieces, CHAIN_TOLERANCE);
  const bridged = chainPieces(chained.open, GAP_TOLERANCE);
  if (bridged.loops.length) warnings.push(`gaps up to ${GAP_TOLERANCE} mm closed`);
  let flat = 0;
  for (const segments of [...chained.loops, ...bridged.loops]) {
    const loop = loopOf(segments);
    if (loop.area < MIN_AREA) flat++;
    else if (fresh(loopKey(loop))) loops.push(loop);
  }
  if (duplicates) warnings.push(`${duplicates} duplicate ${plural(duplicates, 'entity', 'entities')} ignored`);
  if (flat) warnings.push(`${flat} ${plural(flat, 'contour')} without area ignored`);
  return { loops, open: bridged.open };
}

const key = (value: number) => String(Math.round(value / CHAIN_TOLERANCE));

/** The same segment either way round: its ends in order, and its midpoint (an arc or its complement). */
function segmentKey(segment: Segment): string {
  const ends = [segment.start, segment.end].map((point) => `${key(point.x)},${key(point.y)}`).sort();
  const middle = midpoint(segment);
  return `${ends.join(';')};${key(middle.x)},${key(middle.y)}`;
}

function loopKey(loop: Loop): string {
  const { minX, minY, maxX, maxY } = loop.extent;
  return ['loop', minX, minY, maxX, maxY, loop.length, loop.area / 1000].map((value) => (typeof value === 'number' ? key(value) : value)).join(';');
}

/**
 * Inner loops by the cells of a grid over the outer contour that their extents cover, so a loop
 * is tested only against loops that can contain it, not against all: a container's extent covers
 * the middle of what it contains. Loops spanning a quarter of the grid or more are kept aside
 * and tried for every loop (few can be that large without containing one another).
 */
class LoopGrid {
  private readonly cells = new Map<number, Loop[]>();
  private readonly large: Loop[] = [];
  private readonly size: number;

  constructor(
    private readonly extent: Extent,
    loops: number,
  ) {
    this.size = Math.max(1, Math.min(256, Math.ceil(Math.sqrt(loops))));
  }

  private cell(x: number, y: number): [number, number] {
    const { minX, minY, maxX, maxY } = this.extent;
    const column = Math.floor(((x - minX) / Math.max(maxX - minX, 1e-9)) * this.size);
    const row = Math.floor(((y - minY) / Math.max(maxY - minY, 1e-9)) * this.size);
    return [Math.max(0, Math.min(this.size - 1, column)), Math.max(0, Math.min(this.size - 1, row))];
  }

  add(loop: Loop): void {
    const [column0, row0] = this.cell(loop.extent.minX, loop.extent.minY);
    const [column1, row1] = this.cell(loop.extent.maxX, loop.extent.maxY);
    if ((column1 - column0 + 1) * (row1 - row0 + 1) * 4 >= this.size * this.size && this.size > 1) {
      this.large.push(loop);
      return;
    }
    for (let column = column0; column <= column1; column++) {
      for (let row = row0; row <= row1; row++) {
        const key = row * this.size + column;
        const list = this.cells.get(key);
        if (list) list.push(loop);
        else this.cells.set(key, [loop]);
      }
    }
  }

  /** The loops placed so far that could contain `loop`. */
  around(loop: Loop): Loop[] {
    const [column, row] = this.cell((loop.extent.minX + loop.extent.maxX) / 2, (loop.extent.minY + loop.extent.maxY) / 2);
    const listed = this.cells.get(row * this.size + column);
    return listed ? [...this.large, ...listed] : this.large;
  }
}

/** Inside when two of three points spread along the loop lie inside `container`'s polygon. */
function within(loop: Loop, container: Loop, budget: ReadBudget): boolean {
  if (!extentContains(container.extent, loop.extent, CHAIN_TOLERANCE)) return false;
  if (!container.polygon) {
    budget.spendPoints(container.segments.reduce((sum, { arc }) => sum + (arc ? arcSteps(arc.radius, arc.sweep, CONTAINMENT_TOLERANCE) : 1), 0));
    container.polygon = samplePath(container.segments, CONTAINMENT_TOLERANCE);
  }
  const count = loop.segments.length;
  const probes = [0, Math.floor(count / 3), Math.floor((2 * count) / 3)].map((index) => midpoint(loop.segments[index]));
  return probes.filter((probe) => insidePolygon(probe, container.polygon!)).length >= 2;
}

function openChainWarning(open: readonly Segment[][]): string {
  const end = open[0][open[0].length - 1].end;
  const at = `${round(end.x)}, ${round(end.y)}`;
  return open.length === 1 ? `1 open contour ignored (it ends at ${at})` : `${open.length} open contours ignored (one ends at ${at})`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}
