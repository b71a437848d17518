import { DEFAULT_READ_LIMITS } from './budget';
import { largeSplineDrawing, minsertEllipseBomb, nestedBlockBomb, nestedLinesBomb } from './dxf-bombs';
import { DxfEntity, dxfDrawing } from './dxf-writer';
import { CadReadError } from './errors';
import { readCadIsolated } from './isolated-read';
import { readDxf } from './read-dxf';
import { stepBox } from './step-writer';

/*
 * A few hundred bytes of DXF asked the reader for billions of points and took the server
 * down. The reader now spends from a budget (points traced, entities and insertions expanded), and
 * the job reads in a thread of its own with a heap limit and a deadline.
 */

const line = (x1: number, y1: number, x2: number, y2: number): DxfEntity => ({ type: 'LINE', start: { x: x1, y: y1 }, end: { x: x2, y: y2 } });
/** A 200 × 100 plate with one Ø8 hole: cut length 600 + 8π = 625.1327. */
const PLATE = dxfDrawing({ entities: [line(0, 0, 200, 0), line(200, 0, 200, 100), line(200, 100, 0, 100), line(0, 100, 0, 0), { type: 'CIRCLE', center: { x: 20, y: 20 }, radius: 4 }] });

const TOO_COMPLEX = 'The drawing needs more than 1000000 points to trace its contours (curves sampled, blocks expanded): it is too complex to read as a flat part';

function readError(read: () => unknown): CadReadError {
  try {
    read();
  } catch (error) {
    if (error instanceof CadReadError) return error;
    throw error;
  }
  throw new Error('expected a CadReadError');
}

async function isolatedError(read: Promise<unknown>): Promise<CadReadError> {
  const error = await read.then(
    () => new Error('expected a CadReadError'),
    (caught: unknown) => caught,
  );
  if (error instanceof CadReadError) return error;
  throw error;
}

describe('the read budget', () => {
  it('refuses the MINSERT of 100 × 100 ellipses of a 1 km axis (a file of under 700 bytes) by the points it asks', () => {
    const bomb = minsertEllipseBomb();
    expect(bomb.length).toBeLessThan(700);
    // 10,000 ellipses of 4,096 points each: 41 million points; refused past 1,000,000.
    const error = readError(() => readDxf(bomb));
    expect(error.code).toBe('too-complex');
    expect(error.message).toBe(TOO_COMPLEX);
  });

  it('refuses one spline of 20,000 control points at a large scale', () => {
    const spline = largeSplineDrawing();
    expect(spline.length).toBeGreaterThan(750_000);
    // Up to 4,096 points per knot span, 80 million in all (a budget of 100,000 keeps the test short).
    const error = readError(() => readDxf(spline, { ...DEFAULT_READ_LIMITS, maxPoints: 100_000 }));
    expect(error.code).toBe('too-complex');
    expect(error.message).toMatch(/^The drawing needs more than 100000 points/);
  });

  it('refuses blocks nested in blocks, and a block inserting itself', () => {
    expect(readError(() => readDxf(nestedBlockBomb(), { ...DEFAULT_READ_LIMITS, maxPoints: 100_000 })).code).toBe('too-complex');
  });

  it('refuses nested blocks of lines by the entities expanded, with no curve to sample', () => {
    // 10^8 lines; a budget of 20,000 entities keeps the test short (the default is 500,000).
    const error = readError(() => readDxf(nestedLinesBomb(), { ...DEFAULT_READ_LIMITS, maxEntities: 20_000 }));
    expect(error.code).toBe('too-large');
    expect(error.message).toBe('The drawing has more than 20000 entities');
  });

  it('counts the points of exact entities and of the containment test too, so a tight budget refuses even a plate', () => {
    expect(readDxf(PLATE).cutLength).toBeCloseTo(625.1327, 4);
    // Four lines (4 points) and a circle (two halves): fits in 6 points, not in 5.
    expect(() => readDxf(PLATE, { maxPoints: 5, maxEntities: 100 })).toThrow(CadReadError);
    // Tracing the outer contour for the containment test (4 more points) needs 10.
    expect(() => readDxf(PLATE, { maxPoints: 9, maxEntities: 100 })).toThrow(CadReadError);
    expect(readDxf(PLATE, { maxPoints: 10, maxEntities: 100 }).cutLength).toBeCloseTo(625.1327, 4);
  });
});

describe('readCadIsolated', () => {
  it('reads a DXF in a thread as readDxf reads it, and a STEP model', async () => {
    expect(await readCadIsolated('dxf', Buffer.from(PLATE))).toEqual(readDxf(PLATE));
    expect((await readCadIsolated('step', Buffer.from(stepBox(100, 50, 2)))).boundingBox).toEqual({ length: 100, width: 50, thickness: 2 });
  });

  it('passes the reader’s own refusal through, code and message', async () => {
    const error = await isolatedError(readCadIsolated('dxf', Buffer.from(minsertEllipseBomb())));
    expect(error.code).toBe('too-complex');
    expect(error.message).toBe(TOO_COMPLEX);
    expect((await isolatedError(readCadIsolated('dxf', Buffer.from('not a drawing')))).code).toBe('not-dxf');
  });

  it('ends a read that outgrows its heap as read-memory, the process unharmed', async () => {
    // Without a budget the bomb would take gigabytes; the thread is ended at 64 MB.
    const unbounded = { maxPoints: Number.MAX_SAFE_INTEGER, maxEntities: Number.MAX_SAFE_INTEGER };
    const error = await isolatedError(readCadIsolated('dxf', Buffer.from(minsertEllipseBomb()), { timeoutMs: 60_000, memoryMb: 64, read: unbounded }));
    expect(error.code).toBe('read-memory');
    expect(error.message).toBe('Reading the drawing needed more than 64 MB of memory: it is too complex to read');
  });

  it('ends a read that outlasts its deadline as read-timeout', async () => {
    const unbounded = { maxPoints: Number.MAX_SAFE_INTEGER, maxEntities: Number.MAX_SAFE_INTEGER };
    const error = await isolatedError(readCadIsolated('dxf', Buffer.from(minsertEllipseBomb()), { timeoutMs: 200, memoryMb: 4096, read: unbounded }));
    expect(error.code).toBe('read-timeout');
    expect(error.message).toBe('Reading the drawing took longer than 0.2 s: it is too complex to read');
  });
});
