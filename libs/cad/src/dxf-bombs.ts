import { DxfBlock, DxfEntity, dxfDrawing } from './dxf-writer';

/**
 * Drawings that ask a reader for unbounded work in a few bytes: fixtures for the tests of
 * the read budget and of the isolated read. Each is a valid DXF that an unbounded reader would read
 * until its process runs out of memory.
 */

/** An ellipse's major axis of 1 km (in mm): traced within 0.001 mm, 4,096 points each. */
const KILOMETRE = 1_000_000;

/**
 * A MINSERT of 100 × 100 copies of one block holding one ellipse with a 1 km axis, written as tersely
 * as a DXF can be (about 300 bytes; the file that took the server down had 687): 10,000 ellipses of 4,096 points,
 * 41 million points, several GB once traced.
 */
export function minsertEllipseBomb(): string {
  const pairs: [number, string | number][] = [
    [0, 'SECTION'], [2, 'HEADER'], [9, '$INSUNITS'], [70, 4], [0, 'ENDSEC'],
    [0, 'SECTION'], [2, 'BLOCKS'],
    [0, 'BLOCK'], [2, 'E'], [70, 0], [10, 0], [20, 0], [30, 0],
    [0, 'ELLIPSE'], [10, 0], [20, 0], [30, 0], [11, KILOMETRE], [21, 0], [31, 0], [40, 0.5], [41, 0], [42, 6.283185307179586],
    [0, 'ENDBLK'],
    [0, 'ENDSEC'],
    [0, 'SECTION'], [2, 'ENTITIES'],
    [0, 'INSERT'], [2, 'E'], [10, 0], [20, 0], [30, 0], [70, 100], [71, 100], [44, 10], [45, 10],
    [0, 'ENDSEC'], [0, 'EOF'],
  ];
  return `${pairs.map(([code, value]) => `${code}\n${value}`).join('\n')}\n`;
}

/**
 * One cubic spline of 20,000 control points zigzagging 100 m up and down (about 0.87 MB of DXF): each
 * of its knot spans is traced in up to 4,096 points to stay within 0.001 mm, 80 million in all.
 */
export function largeSplineDrawing(controlPoints = 20_000): string {
  const degree = 3;
  const points = Array.from({ length: controlPoints }, (_, i) => ({ x: i * 1000, y: (i % 2) * 100_000 }));
  const inner = controlPoints - degree - 1;
  const knots = [...Array(degree + 1).fill(0), ...Array.from({ length: inner }, (_, i) => i + 1), ...Array(degree + 1).fill(inner + 1)];
  return dxfDrawing({ entities: [{ type: 'SPLINE', degree, controlPoints: points, knots }] });
}

/**
 * Blocks inside blocks: `N1` … `N6` each place ten of the one below (a million ellipses of a 1 km axis
 * at the bottom), and `LOOP` inserts itself beside `N6` (a block that contains itself, as a damaged or
 * hostile file may). A few kB.
 */
export function nestedBlockBomb(levels = 6): string {
  const blocks: DxfBlock[] = [{ name: 'N0', entities: [{ type: 'ELLIPSE', center: { x: 0, y: 0 }, majorAxis: { x: KILOMETRE, y: 0 }, ratio: 0.5 }] }];
  for (let level = 1; level <= levels; level++) {
    const below = `N${level - 1}`;
    blocks.push({ name: `N${level}`, entities: Array.from({ length: 10 }, (_, i): DxfEntity => ({ type: 'INSERT', block: below, position: { x: i * 10, y: level } })) });
  }
  blocks.push({
    name: 'LOOP',
    entities: [
      { type: 'INSERT', block: `N${levels}`, position: { x: 0, y: 0 } },
      { type: 'INSERT', block: 'LOOP', position: { x: 1, y: 1 } },
      { type: 'INSERT', block: 'LOOP', position: { x: 2, y: 2 } },
    ],
  });
  return dxfDrawing({ blocks, entities: [{ type: 'INSERT', block: 'LOOP', position: { x: 0, y: 0 } }] });
}

/** Blocks of lines nested `levels` deep, ten of the one below in each: 10^levels lines, no curve at all. */
export function nestedLinesBomb(levels = 8): string {
  const blocks: DxfBlock[] = [{ name: 'L0', entities: [{ type: 'LINE', start: { x: 0, y: 0 }, end: { x: 1, y: 0 } }] }];
  for (let level = 1; level <= levels; level++) {
    const below = `L${level - 1}`;
    blocks.push({ name: `L${level}`, entities: Array.from({ length: 10 }, (_, i): DxfEntity => ({ type: 'INSERT', block: below, position: { x: i * 2, y: level } })) });
  }
  return dxfDrawing({ blocks, entities: [{ type: 'INSERT', block: `L${levels}`, position: { x: 0, y: 0 } }] });
}
