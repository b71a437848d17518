import type { IDxf } from 'dxf-parser';
import { DEFAULT_READ_LIMITS, ReadBudget, ReadLimits } from './budget';
import { chainPieces } from './chain';
import { createDxfParser } from './dxf-handlers';
import { CadReadError } from './errors';
import { FlatPath, flattenDrawing, layerLineTypes } from './flatten';
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
import type { CadWarning, CadWarningCode, DxfPart, DxfReading, InnerContour } from './types';

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
  const warnings = new Warnings();
  const unitScale = drawingUnit(dxf, warnings);
  const drawing = flattenDrawing(dxf, unitScale, budget, layerLineTypes(text));
  for (const note of drawing.notes) warnings.flattened(note);
  const { loops, open: chains } = closeLoops(drawing.paths, warnings);
  let open = chains;
  if (!loops.length) {
    if (open.length) throw new CadReadError('outer-contour-open', 'The outer contour is not closed');
    throw new CadReadError('no-contour', 'The drawing has no contour');
  }

  const forest = placeLoops(loops, budget);
  let roots = forest.filter((node) => !node.parent);
  refuseOpenOutside(roots, open, loops.length);

  // Frames: a rectangle holding parts and a title block or text is the sheet's border, not a part.
  let frames = 0;
  let titleBlocks = 0;
  const frameNodes: LoopNode[] = [];
  for (;;) {
    const frame = roots.find((node) => isFrame(node, open, drawing.texts));
    if (!frame) break;
    frames++;
    frameNodes.push(frame);
    const inside = frame.children;
    for (const child of inside) child.parent = undefined;
    roots = roots.filter((node) => node !== frame);
    // Rectangles along the frame's border or holding text only (title block cells) are no parts either.
    for (const node of inside) {
      if (isTitleBlock(node, frame, drawing.texts)) {
        titleBlocks++;
        continue;
      }
      roots.push(node);
    }
    if (!roots.length) {
      // Nothing but a frame: read it as drawn.
      frames--;
      frameNodes.pop();
      titleBlocks = 0;
      roots = [frame];
      for (const child of inside) child.parent = frame;
      break;
    }
  }
  // The title block's lines (ending on a frame's border) go with the frame, not as open lines.
  const titleLines = open.filter((chain) => frameNodes.some((frame) => touchesBorder(chain, frame.loop.extent)));
  titleBlocks += titleLines.length;
  open = open.filter((chain) => !titleLines.includes(chain));
  // Inside a frame, open lines that enclose some of what is left are an open outline (or a view around it): its holes
  // and slots would be read as parts. Open lines only beside the parts (dimensions, a side view) stay a warning.
  if (frames) refuseOpenOutside(roots, open, loops.length - frames - (titleBlocks - titleLines.length), true);
  if (frames) warnings.add('frame-ignored', { count: frames }, `${frames} drawing ${plural(frames, 'frame')} ignored`);
  if (titleBlocks) warnings.add('title-block-ignored', { count: titleBlocks }, `${titleBlocks} title block ${plural(titleBlocks, 'field')} ignored`);

  // Parts: each root, with the loops directly inside it as its cut-outs; a loop inside a cut-out is a part of its own.
  const partNodes: LoopNode[] = [];
  let nested = 0;
  const collect = (node: LoopNode, depth: number) => {
    partNodes.push(node);
    if (depth > 0) nested++;
    for (const child of node.children) for (const grandchild of child.children) collect(grandchild, depth + 1);
  };
  for (const root of roots) collect(root, 0);
  if (nested) warnings.add('nested-parts', { count: nested }, `${nested} ${plural(nested, 'part')} inside cut-outs read as parts of their own`);

  // A circle crossing a part's outline is neither a hole nor a part.
  const crossing = partNodes.filter((node) => node.loop.circle && !node.parent && partNodes.some((other) => other !== node && other.loop.area > node.loop.area && crosses(node.loop, other.loop, budget)));
  for (const node of crossing) {
    const { center, radius } = node.loop.circle!;
    warnings.add(
      'circle-on-outline',
      { diameter: round(2 * radius), x: round(center.x), y: round(center.y) },
      `a circle of diameter ${round(2 * radius)} crossing the outline at ${round(center.x)}, ${round(center.y)} ignored`,
    );
  }
  let parts = partNodes.filter((node) => !crossing.includes(node));

  // Views: a narrow rectangle as long as a side of a larger part is that part seen from the side.
  const views = parts.filter((node) => isSideView(node, parts));
  if (views.length) {
    parts = parts.filter((node) => !views.includes(node));
    warnings.add('views-ignored', { count: views.length }, `${views.length} side ${plural(views.length, 'view')} of a part ignored`);
  }
  if (open.length) warnings.add('open-contours', openChainParams(open), openChainWarning(open));

  const read = parts.map((node) => partOf(node.loop, node.children.map((child) => child.loop))).sort((a, b) => b.outerArea - a.outerArea);
  const grouped = groupParts(read);
  const first = grouped[0];
  const extent = read.reduce((sum, part) => unionExtent(sum, part.extent), { ...read[0].extent });

  return {
    unit: 'mm',
    boundingBox: first.boundingBox,
    area: first.area,
    outerContour: first.outerContour,
    innerContours: first.innerContours,
    holes: first.holes,
    cutLength: first.cutLength,
    pierces: first.pierces,
    entityCount: drawing.entityCount,
    warnings: warnings.english,
    notes: warnings.notes,
    parts: grouped,
    svg: previewSvg(
      extent,
      read.map((part) => part.outer),
      read.flatMap((part) => part.inner),
    ),
  };
}

/**
 * An open chain reaching beyond every closed outline: the real outline is open (what is closed lies
 * within it: holes), or closed outlines stand beside open lines: views of a part. Either is refused;
 * with `enclosingOnly`, only when some closed outline lies within the open lines.
 */
function refuseOpenOutside(roots: readonly LoopNode[], open: readonly Segment[][], closed: number, enclosingOnly = false): void {
  const beyond = open.filter((chain) => !roots.some((node) => extentContains(node.loop.extent, pathExtent(chain), CHAIN_TOLERANCE)));
  if (!beyond.length) return;
  const spans = beyond.map((chain) => pathExtent(chain));
  const apart = roots.filter((node) => !spans.some((span) => extentContains(span, node.loop.extent, GAP_TOLERANCE)));
  if (enclosingOnly && apart.length === roots.length) return;
  if (apart.length) {
    throw new CadReadError(
      'several-views',
      `The drawing has ${closed} closed contours and ${beyond.length} open lines outside them: it looks like several views of a part or an open outline, not a flat part`,
      { closed, open: beyond.length },
    );
  }
  throw new CadReadError('outer-contour-open', 'The outer contour is not closed');
}

/** A part as read, before identical ones are counted. */
interface ReadPart extends Omit<DxfPart, 'count'> {
  outer: Segment[];
  inner: Segment[][];
  extent: Extent;
  outerArea: number;
  signature: string;
}

function partOf(outer: Loop, inside: Loop[]): ReadPart {
  const holes = inside.filter((loop) => loop.circle).map((loop) => ({ diameter: round(2 * loop.circle!.radius) }));
  const innerLoops = inside.filter((loop) => !loop.circle);
  const innerContours: InnerContour[] = innerLoops.map((loop) => ({ length: round(loop.length), kind: isSlot(loop.segments) ? 'slot' : 'contour' }));
  const outerLength = round(outer.length);
  const contourSum = innerContours.reduce((sum, contour) => sum + contour.length, outerLength);
  const diameterSum = holes.reduce((sum, hole) => sum + hole.diameter, 0);
  const area = inside.reduce((net, loop) => net - loop.area, outer.area);
  const { minX, minY, maxX, maxY } = outer.extent;
  const sides = [maxX - minX, maxY - minY].sort((a, b) => a - b);
  const part = {
    boundingBox: { minX: round(minX), minY: round(minY), maxX: round(maxX), maxY: round(maxY), width: round(sides[0]), length: round(sides[1]) },
    area: round(area),
    outerContour: { length: outerLength },
    innerContours,
    holes,
    cutLength: round(contourSum + Math.PI * diameterSum),
    pierces: innerContours.length + holes.length + 1,
  };
  // Identical parts: the same sides, net area, contour lengths and holes (to 0.01 mm), wherever they stand.
  const figure = (value: number) => Math.round(value * 100);
  const signature = [
    figure(part.boundingBox.width),
    figure(part.boundingBox.length),
    Math.round(part.area),
    figure(outerLength),
    innerContours.map((contour) => `${contour.kind}${figure(contour.length)}`).sort().join(','),
    holes.map((hole) => figure(hole.diameter)).sort((a, b) => a - b).join(','),
  ].join('|');
  return { ...part, outer: outer.segments, inner: inside.map((loop) => loop.segments), extent: outer.extent, outerArea: outer.area, signature };
}

/** Identical parts once, with their count, in the order they first appear (largest first). */
function groupParts(parts: readonly ReadPart[]): DxfPart[] {
  const groups = new Map<string, DxfPart>();
  for (const { outer: _outer, inner: _inner, extent: _extent, outerArea: _area, signature, ...part } of parts) {
    const found = groups.get(signature);
    if (found) found.count++;
    else groups.set(signature, { ...part, count: 1 });
  }
  return [...groups.values()];
}

function unionExtent(a: Extent, b: Extent): Extent {
  return { minX: Math.min(a.minX, b.minX), minY: Math.min(a.minY, b.minY), maxX: Math.max(a.maxX, b.maxX), maxY: Math.max(a.maxY, b.maxY) };
}

/** What the reader assumed or left out: English sentences for the log, codes with figures for people. */
class Warnings {
  readonly english: string[] = [];
  readonly notes: CadWarning[] = [];

  add(code: CadWarningCode, params: CadWarning['params'], english: string): void {
    this.english.push(english);
    this.notes.push({ code, params });
  }

  /** flatten.ts's notes, which are English already. */
  flattened(note: string): void {
    const block = /^block (.*) not found$/.exec(note);
    const deep = /^blocks nested deeper than (\d+) levels ignored$/.exec(note);
    if (block) this.add('block-not-found', { name: block[1] }, note);
    else if (deep) this.add('blocks-too-deep', { levels: Number(deep[1]) }, note);
    else this.add('meshes-ignored', {}, note);
  }
}

/** A closed loop with the loops directly inside it. */
interface LoopNode {
  loop: Loop;
  parent?: LoopNode;
  children: LoopNode[];
}

/**
 * Every loop under the smallest loop containing it (largest first, so a loop's containers are placed
 * before it), found through a grid over the drawing so a loop is tested only against loops that can
 * contain it.
 */
function placeLoops(loops: readonly Loop[], budget: ReadBudget): LoopNode[] {
  const sorted = [...loops].sort((a, b) => b.area - a.area);
  const extent = sorted.reduce((sum, loop) => unionExtent(sum, loop.extent), { ...sorted[0].extent });
  const grid = new LoopGrid(extent, sorted.length);
  const nodes: LoopNode[] = [];
  const nodeOf = new Map<Loop, LoopNode>();
  for (const loop of sorted) {
    const node: LoopNode = { loop, children: [] };
    let container: LoopNode | undefined;
    for (const candidate of grid.around(loop)) {
      if (candidate === loop || (container && candidate.area >= container.loop.area)) continue;
      if (within(loop, candidate, budget)) container = nodeOf.get(candidate);
    }
    if (container) {
      node.parent = container;
      container.children.push(node);
    }
    nodes.push(node);
    nodeOf.set(loop, node);
    grid.add(loop);
  }
  return nodes;
}

/** Four straight sides at right angles (a rectangle, turned or not). */
function isRectangle(loop: Loop): boolean {
  const segments = loop.segments.filter((segment) => segmentLength(segment) > CHAIN_TOLERANCE);
  if (segments.length !== 4 || segments.some((segment) => segment.arc)) return false;
  for (let i = 0; i < 4; i++) {
    const a = segments[i];
    const b = segments[(i + 1) % 4];
    const dot = (a.end.x - a.start.x) * (b.end.x - b.start.x) + (a.end.y - a.start.y) * (b.end.y - b.start.y);
    if (Math.abs(dot) > 1e-6 * segmentLength(a) * segmentLength(b)) return false;
  }
  return true;
}

const pointIn = (point: Point, extent: Extent) => point.x > extent.minX && point.x < extent.maxX && point.y > extent.minY && point.y < extent.maxY;

/** Whether a point lies on the rectangle's border (its extent's edges; frames are drawn upright). */
function onBorder(point: Point, extent: Extent, tolerance: number): boolean {
  const inX = point.x >= extent.minX - tolerance && point.x <= extent.maxX + tolerance;
  const inY = point.y >= extent.minY - tolerance && point.y <= extent.maxY + tolerance;
  return (
    (inY && (Math.abs(point.x - extent.minX) <= tolerance || Math.abs(point.x - extent.maxX) <= tolerance)) ||
    (inX && (Math.abs(point.y - extent.minY) <= tolerance || Math.abs(point.y - extent.maxY) <= tolerance))
  );
}

/** An open chain with an end on the rectangle's border (a title block's line). */
function touchesBorder(chain: readonly Segment[], extent: Extent): boolean {
  const border = Math.max(CHAIN_TOLERANCE, 1e-6 * Math.max(extent.maxX - extent.minX, extent.maxY - extent.minY));
  return onBorder(chain[0].start, extent, border) || onBorder(chain[chain.length - 1].end, extent, border);
}

/**
 * A drawing frame: an upright rectangle holding at least one outline that is not a round hole, and
 * besides it a title block — lines ending on its border, or text outside the outlines it holds beside
 * a part with cut-outs or a field of text — or an inner border (one rectangle inside it, at least 70 %
 * of its area, itself holding outlines).
 */
function isFrame(node: LoopNode, open: readonly Segment[][], texts: readonly Point[]): boolean {
  if (!isRectangle(node.loop) || !node.children.some((child) => !child.loop.circle)) return false;
  const extent = node.loop.extent;
  const width = extent.maxX - extent.minX;
  const height = extent.maxY - extent.minY;
  if (Math.abs(node.loop.area - width * height) > 1e-6 * width * height) return false; // turned: a part, not a frame
  const titleLines = open.some((chain) => touchesBorder(chain, extent));
  const looseText = texts.some((text) => pointIn(text, extent) && !node.children.some((child) => pointIn(text, child.loop.extent) && !isTextCell(child, texts)));
  const innerBorder =
    node.children.length === 1 &&
    isRectangle(node.children[0].loop) &&
    node.children[0].children.length > 0 &&
    node.children[0].loop.area > 0.7 * node.loop.area;
  // Text alone may be an engraving on a plate: a frame's text goes with an outline of a part inside it
  // (one with cut-outs of its own) or a title block's field.
  const framedPart = node.children.some((child) => child.children.length > 0 || isTextCell(child, texts));
  return titleLines || innerBorder || (looseText && framedPart);
}

/** A rectangle holding text and nothing else: a field of a title block. */
function isTextCell(node: LoopNode, texts: readonly Point[]): boolean {
  return isRectangle(node.loop) && node.children.length === 0 && texts.some((text) => pointIn(text, node.loop.extent));
}

/** Inside a frame: a rectangle on its border (the title block's outline) or a text cell. */
function isTitleBlock(node: LoopNode, frame: LoopNode, texts: readonly Point[]): boolean {
  if (!isRectangle(node.loop)) return false;
  if (isTextCell(node, texts)) return true;
  const { minX, minY, maxX, maxY } = node.loop.extent;
  const extent = frame.loop.extent;
  const border = Math.max(CHAIN_TOLERANCE, 1e-6 * Math.max(extent.maxX - extent.minX, extent.maxY - extent.minY));
  const touching = [minX - extent.minX, extent.maxX - maxX, minY - extent.minY, extent.maxY - maxY].filter((gap) => Math.abs(gap) <= border).length;
  // A title block sits in a corner: two sides on the border; an inner border touches none.
  return touching >= 2 && node.children.every((child) => isRectangle(child.loop) && child.children.length === 0);
}

/**
 * A side view: a narrow upright rectangle (at least 8 times as long as wide, at most 30 mm wide) as long
 * as a side of a larger part of the drawing, with nothing inside it.
 */
function isSideView(node: LoopNode, parts: readonly LoopNode[]): boolean {
  if (node.children.length || !isRectangle(node.loop)) return false;
  const { minX, minY, maxX, maxY } = node.loop.extent;
  const [narrow, long] = [maxX - minX, maxY - minY].sort((a, b) => a - b);
  if (narrow > 30 || long < 8 * narrow) return false;
  return parts.some((other) => {
    if (other === node || other.loop.area <= node.loop.area * 4) return false;
    const sides = [other.loop.extent.maxX - other.loop.extent.minX, other.loop.extent.maxY - other.loop.extent.minY];
    return sides.some((side) => Math.abs(side - long) <= 0.1);
  });
}

/** A circle with points both inside and outside `outline`: it crosses the outline. */
function crosses(circle: Loop, outline: Loop, budget: ReadBudget): boolean {
  const { center, radius } = circle.circle!;
  const reach = { minX: center.x - radius, minY: center.y - radius, maxX: center.x + radius, maxY: center.y + radius };
  const e = outline.extent;
  if (reach.maxX < e.minX || reach.minX > e.maxX || reach.maxY < e.minY || reach.minY > e.maxY) return false;
  polygonOf(outline, budget);
  budget.spendPoints(16);
  let inside = 0;
  for (let k = 0; k < 16; k++) {
    const angle = (k / 16) * TAU;
    if (insidePolygon({ x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle) }, outline.polygon!)) inside++;
  }
  return inside > 0 && inside < 16;
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

function drawingUnit(dxf: IDxf, warnings: Warnings): number {
  const code = dxf.header?.$INSUNITS;
  if (typeof code !== 'number' || code === 0) {
    warnings.add('no-unit', {}, 'no drawing unit given: millimetres assumed');
    return 1;
  }
  const scale = UNIT_MILLIMETRES[code];
  if (scale === undefined) {
    warnings.add('unit-not-supported', { unit: code }, `drawing unit ${code} not supported: millimetres assumed`);
    return 1;
  }
  return scale;
}

function loopOf(segments: Segment[], circle?: Loop['circle']): Loop {
  return {
    segments,
    circle: circle ?? circleOf(segments) ?? fittedCircle(segments),
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

/**
 * A closed spline or polyline that is a circle within tolerance (Inkscape writes round holes as four
 * Bézier arcs, other programs as polygons of many sides): at least 8 segments, every corner and the
 * middle of every segment at one distance from the centre, to 0.2 % of the radius or 0.01 mm.
 */
function fittedCircle(segments: readonly Segment[]): Loop['circle'] {
  if (segments.length < 8) return undefined;
  const extent = pathExtent(segments);
  const center = { x: (extent.minX + extent.maxX) / 2, y: (extent.minY + extent.maxY) / 2 };
  const radii: number[] = [];
  for (const segment of segments) radii.push(distance(segment.start, center), distance(midpoint(segment), center));
  const radius = radii.reduce((sum, value) => sum + value, 0) / radii.length;
  if (!(radius > 0)) return undefined;
  const tolerance = Math.max(CHAIN_TOLERANCE, 0.002 * radius);
  if (radii.some((value) => Math.abs(value - radius) > tolerance)) return undefined;
  // Corners spread evenly or not, the loop must go round once: its area is a circle's.
  const area = Math.abs(signedArea(segments));
  return Math.abs(area - Math.PI * radius * radius) <= 2 * TAU * radius * tolerance ? { center, radius } : undefined;
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
function closeLoops(paths: readonly FlatPath[], warnings: Warnings): { loops: Loop[]; open: Segment[][] } {
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
  if (bridged.loops.length) warnings.add('gaps-closed', { gap: GAP_TOLERANCE }, `gaps up to ${GAP_TOLERANCE} mm closed`);
  let flat = 0;
  for (const segments of [...chained.loops, ...bridged.loops]) {
    const loop = loopOf(segments);
    if (loop.area < MIN_AREA) flat++;
    else if (fresh(loopKey(loop))) loops.push(loop);
  }
  if (duplicates) warnings.add('duplicates', { count: duplicates }, `${duplicates} duplicate ${plural(duplicates, 'entity', 'entities')} ignored`);
  if (flat) warnings.add('flat-contours', { count: flat }, `${flat} ${plural(flat, 'contour')} without area ignored`);
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
  polygonOf(container, budget);
  const count = loop.segments.length;
  const probes = [0, Math.floor(count / 3), Math.floor((2 * count) / 3)].map((index) => midpoint(loop.segments[index]));
  return probes.filter((probe) => insidePolygon(probe, container.polygon!)).length >= 2;
}

/** The loop as a polygon (arcs within 0.01 mm), made once, its points spent from the budget. */
function polygonOf(loop: Loop, budget: ReadBudget): void {
  if (loop.polygon) return;
  budget.spendPoints(loop.segments.reduce((sum, { arc }) => sum + (arc ? arcSteps(arc.radius, arc.sweep, CONTAINMENT_TOLERANCE) : 1), 0));
  loop.polygon = samplePath(loop.segments, CONTAINMENT_TOLERANCE);
}

function openChainParams(open: readonly Segment[][]): CadWarning['params'] {
  const end = open[0][open[0].length - 1].end;
  return { count: open.length, x: round(end.x), y: round(end.y) };
}

function openChainWarning(open: readonly Segment[][]): string {
  const end = open[0][open[0].length - 1].end;
  const at = `${round(end.x)}, ${round(end.y)}`;
  return open.length === 1 ? `1 open contour ignored (it ends at ${at})` : `${open.length} open contours ignored (one ends at ${at})`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}
