import { Point, Segment, distance, reverseSegment } from './plane';

/**
 * Joins open pieces (lines, arcs, open polylines) into closed loops where their ends meet within
 * a tolerance. Ends are found through a spatial hash of cells as wide as the tolerance, so a
 * drawing of thousands of entities chains in linear time, not by comparing every pair.
 */

export interface Chains {
  loops: Segment[][];
  /** Chains that do not close, in the order found. */
  open: Segment[][];
}

/** An end of a piece: index·2 for its start, index·2 + 1 for its end. */
type EndRef = number;

class EndGrid {
  private readonly cells = new Map<number, EndRef[]>();

  constructor(private readonly cell: number) {}

  /** A number per cell; far out (beyond ±600 m at 0.01 mm) cells may share one, which costs time, not correctness. */
  private key(ix: number, iy: number): number {
    return ix * 134217728 + iy;
  }

  add(point: Point, ref: EndRef): void {
    const key = this.key(Math.floor(point.x / this.cell), Math.floor(point.y / this.cell));
    const list = this.cells.get(key);
    if (list) list.push(ref);
    else this.cells.set(key, [ref]);
  }

  /** The nearest end within `tolerance` of `point` that `usable` accepts. */
  nearest(point: Point, tolerance: number, endOf: (ref: EndRef) => Point, usable: (ref: EndRef) => boolean): EndRef | undefined {
    const ix = Math.floor(point.x / this.cell);
    const iy = Math.floor(point.y / this.cell);
    let best: EndRef | undefined;
    let bestDistance = Infinity;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const ref of this.cells.get(this.key(ix + dx, iy + dy)) ?? []) {
          if (!usable(ref)) continue;
          const d = distance(point, endOf(ref));
          if (d <= tolerance && d < bestDistance) {
            best = ref;
            bestDistance = d;
          }
        }
      }
    }
    return best;
  }
}

function reversePath(path: readonly Segment[]): Segment[] {
  return path.map(reverseSegment).reverse();
}

export function chainPieces(pieces: readonly Segment[][], tolerance: number): Chains {
  const grid = new EndGrid(tolerance);
  const endOf = (ref: EndRef): Point => {
    const piece = pieces[ref >> 1];
    return ref & 1 ? piece[piece.length - 1].end : piece[0].start;
  };
  pieces.forEach((piece, index) => {
    grid.add(piece[0].start, index * 2);
    grid.add(piece[piece.length - 1].end, index * 2 + 1);
  });
  const used = new Array<boolean>(pieces.length).fill(false);
  const usable = (ref: EndRef) => !used[ref >> 1];
  const loops: Segment[][] = [];
  const open: Segment[][] = [];

  /** Extends `chain` at its end until it closes or no free piece meets it; true when closed. */
  const extend = (chain: Segment[]): boolean => {
    for (;;) {
      const start = chain[0].start;
      const end = chain[chain.length - 1].end;
      // A single straight segment never closes on itself, however short.
      const canClose = chain.length > 1 || Boolean(chain[0].arc);
      if (canClose && distance(start, end) <= tolerance) return true;
      const next = grid.nearest(end, tolerance, endOf, usable);
      if (next === undefined) return false;
      used[next >> 1] = true;
      const piece = pieces[next >> 1];
      chain.push(...(next & 1 ? reversePath(piece) : piece));
    }
  };

  for (let index = 0; index < pieces.length; index++) {
    if (used[index]) continue;
    used[index] = true;
    let chain = [...pieces[index]];
    if (!extend(chain)) {
      chain = reversePath(chain);
      if (!extend(chain)) {
        open.push(chain);
        continue;
      }
    }
    loops.push(chain);
  }
  return { loops, open };
}
