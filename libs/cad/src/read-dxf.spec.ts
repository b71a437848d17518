import { cutLength, pierceCount } from '@fabquote/pricing';
import { CadReadError } from './errors';
import { DxfBlock, dxfCircle, dxfDrawing, DxfEntity, DxfPoint } from './dxf-writer';
import { readDxf } from './read-dxf';
import type { DxfReading } from './types';

/*
 * Every drawing is written here by dxfDrawing and every expected figure worked out by hand in the
 * comment beside it. Figures are compared to 0.001 mm (mm² for areas): the arcs are measured
 * exactly, so only the rounding to 0.0001 is left.
 */

const line = (x1: number, y1: number, x2: number, y2: number): DxfEntity => ({ type: 'LINE', start: { x: x1, y: y1 }, end: { x: x2, y: y2 } });
const circle = dxfCircle;
const arc = (x: number, y: number, radius: number, startAngle: number, endAngle: number): DxfEntity => ({ type: 'ARC', center: { x, y }, radius, startAngle, endAngle });

/** A rectangle as four LINEs, corner (x, y). */
const rectangle = (x: number, y: number, width: number, height: number): DxfEntity[] => [
  line(x, y, x + width, y),
  line(x + width, y, x + width, y + height),
  line(x + width, y + height, x, y + height),
  line(x, y + height, x, y),
];

/** A horizontal slot, overall `length` × `width`, centred on (x, y): two lines and two half circles. */
const slot = (x: number, y: number, length: number, width: number): DxfEntity[] => {
  const r = width / 2;
  const half = length / 2 - r;
  return [line(x - half, y - r, x + half, y - r), arc(x + half, y, r, -90, 90), line(x + half, y + r, x - half, y + r), arc(x - half, y, r, 90, 270)];
};

const FOUR_HOLES = [circle(20, 20, 8), circle(180, 20, 8), circle(180, 80, 8), circle(20, 80, 8)];

/** The plate of the issue: 200 × 100, four Ø8 holes, one slot 30 × 10 in the middle. */
const PLATE: DxfEntity[] = [...rectangle(0, 0, 200, 100), ...FOUR_HOLES, ...slot(100, 50, 30, 10)];

// Outer 2·(200 + 100) = 600. Slot: straight 30 − 10 = 20 twice, two half circles of r 5 = 2π·5:
// 40 + 31.4159 = 71.4159. Holes π·(4 · 8) = 100.5310. Cut length 600 + 71.4159 + 100.5310 = 771.9469.
const PLATE_SLOT_LENGTH = 71.4159;
const PLATE_CUT_LENGTH = 771.9469;
// 20000 − 4·π·4² (201.0619) − slot (20·10 + π·5² = 278.5398) = 19520.3982.
const PLATE_AREA = 19520.3982;

function expectMm(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.001);
}

/** The pricing engine's cut length and pierces from what was read, as a product would store it. */
function engineFigures(reading: DxfReading): { cutLength: number; pierces: number } {
  const geometry = {
    contours: [{ kind: 'outer' as const, length: reading.outerContour.length }, ...reading.innerContours.map((contour) => ({ kind: 'inner' as const, length: contour.length }))],
    holes: reading.holes.map((hole) => ({ diameter: hole.diameter })),
  };
  return { cutLength: Number(cutLength(geometry).exact), pierces: Number(pierceCount(geometry).exact) };
}

function readError(read: () => unknown): CadReadError {
  try {
    read();
  } catch (error) {
    if (error instanceof CadReadError) return error;
    throw error;
  }
  throw new Error('expected a CadReadError');
}

describe('readDxf: the plate with four holes and a slot', () => {
  it('reads it from LINEs, CIRCLEs and ARCs: cut length, pierces, extents, area', () => {
    const reading = readDxf(dxfDrawing({ entities: PLATE }));

    expect(reading.unit).toBe('mm');
    expect(reading.boundingBox).toEqual({ minX: 0, minY: 0, maxX: 200, maxY: 100, width: 100, length: 200 });
    expectMm(reading.outerContour.length, 600);
    expect(reading.innerContours).toHaveLength(1);
    expect(reading.innerContours[0].kind).toBe('slot');
    expectMm(reading.innerContours[0].length, PLATE_SLOT_LENGTH);
    expect(reading.holes).toEqual([{ diameter: 8 }, { diameter: 8 }, { diameter: 8 }, { diameter: 8 }]);
    expectMm(reading.cutLength, PLATE_CUT_LENGTH);
    expect(reading.pierces).toBe(6); // 1 outer + 1 slot + 4 holes
    expectMm(reading.area, PLATE_AREA);
    expect(reading.entityCount).toBe(12);
    expect(reading.warnings).toEqual([]);
  });

  it('gives the figures the pricing engine computes from them', () => {
    const reading = readDxf(dxfDrawing({ entities: PLATE }));
    const engine = engineFigures(reading);
    expect(Math.abs(engine.cutLength - reading.cutLength)).toBeLessThan(0.0001);
    expect(engine.pierces).toBe(reading.pierces);
  });

  it('reads the same plate with the outline as one closed LWPOLYLINE and the slot as a bulged one', () => {
    const outline: DxfEntity = { type: 'LWPOLYLINE', closed: true, vertices: [{ x: 0, y: 0 }, { x: 200, y: 0 }, { x: 200, y: 100 }, { x: 0, y: 100 }] };
    // Bulge 1 is a half circle turning counter-clockwise: from (110, 45) round the right to (110, 55).
    const slotPolyline: DxfEntity = {
      type: 'LWPOLYLINE',
      closed: true,
      vertices: [{ x: 90, y: 45 }, { x: 110, y: 45, bulge: 1 }, { x: 110, y: 55 }, { x: 90, y: 55, bulge: 1 }],
    };
    const reading = readDxf(dxfDrawing({ entities: [outline, ...FOUR_HOLES, slotPolyline] }));

    expectMm(reading.outerContour.length, 600);
    expect(reading.innerContours.map((contour) => contour.kind)).toEqual(['slot']);
    expectMm(reading.innerContours[0].length, PLATE_SLOT_LENGTH);
    expectMm(reading.cutLength, PLATE_CUT_LENGTH);
    expect(reading.pierces).toBe(6);
    expectMm(reading.area, PLATE_AREA);
    expect(reading.entityCount).toBe(6);
  });

  it('reads it from an old-style POLYLINE too', () => {
    const outline: DxfEntity = { type: 'POLYLINE', closed: true, vertices: [{ x: 0, y: 0 }, { x: 200, y: 0 }, { x: 200, y: 100 }, { x: 0, y: 100 }] };
    const reading = readDxf(dxfDrawing({ entities: [outline, ...FOUR_HOLES, ...slot(100, 50, 30, 10)] }));
    expectMm(reading.cutLength, PLATE_CUT_LENGTH);
    expect(reading.pierces).toBe(6);
  });

  it('chains the lines and arcs in any order and direction', () => {
    const shuffled = [...PLATE].reverse();
    const flipped = shuffled.map((entity) => (entity.type === 'LINE' ? { ...entity, start: entity.end, end: entity.start } : entity));
    const reading = readDxf(dxfDrawing({ entities: flipped }));
    expectMm(reading.cutLength, PLATE_CUT_LENGTH);
    expect(reading.pierces).toBe(6);
  });

  it('reads a file as uploaded: bytes, Windows line ends, a byte order mark', () => {
    const uploaded = Buffer.from(`\uFEFF${dxfDrawing({ entities: PLATE }).replace(/\n/g, '\r\n')}`, 'utf8');
    const reading = readDxf(uploaded);
    expectMm(reading.cutLength, PLATE_CUT_LENGTH);
    expect(reading.pierces).toBe(6);
  });

  it('ignores text and reads entities of every layer', () => {
    const entities: DxfEntity[] = [
      ...PLATE.map((entity, i) => ({ ...entity, layer: i % 2 ? 'CUT' : 'KONTUR' })),
      { type: 'TEXT', position: { x: 50, y: 50 }, height: 5, text: 'Part 4711' },
    ];
    const reading = readDxf(dxfDrawing({ entities }));
    expectMm(reading.cutLength, PLATE_CUT_LENGTH);
    expect(reading.entityCount).toBe(12);
  });

  it('draws an SVG preview of the outline, slot and holes, y flipped, without scripts', () => {
    const { svg } = readDxf(dxfDrawing({ entities: PLATE }));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 208 108"')).toBe(true);
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
    // The outline starts at the drawing's (0, 0), the bottom left: SVG (0, 100).
    expect(svg).toContain('d="M0 100L200 100L200 0L0 0L0 100Z"');
    // Four holes (two half arcs each) and the slot's two arcs.
    expect(svg.match(/A/g)).toHaveLength(10);
  });
});

describe('readDxf: arcs in polylines and blocks', () => {
  it('reads a plate with rounded corners (bulges) and a hole made of two bulged arcs', () => {
    const b = Math.tan(Math.PI / 8); // a quarter circle: tan(90°/4)
    const outline: DxfEntity = {
      type: 'LWPOLYLINE',
      closed: true,
      vertices: [
        { x: 10, y: 0 },
        { x: 190, y: 0, bulge: b },
        { x: 200, y: 10 },
        { x: 200, y: 90, bulge: b },
        { x: 190, y: 100 },
        { x: 10, y: 100, bulge: b },
        { x: 0, y: 90 },
        { x: 0, y: 10, bulge: b },
      ],
    };
    const hole: DxfEntity = { type: 'LWPOLYLINE', closed: true, vertices: [{ x: 95, y: 50, bulge: 1 }, { x: 105, y: 50, bulge: 1 }] };
    const reading = readDxf(dxfDrawing({ entities: [outline, hole] }));

    // Straight 2·180 + 2·80 = 520, four quarter circles of r 10 = 2π·10 = 62.8319: 582.8319.
    expectMm(reading.outerContour.length, 582.8319);
    expect(reading.holes).toEqual([{ diameter: 10 }]);
    expect(reading.innerContours).toEqual([]);
    // 582.8319 + π·10 (31.4159) = 614.2478.
    expectMm(reading.cutLength, 614.2478);
    expect(reading.pierces).toBe(2);
    // 20000 − corners (4 − π)·10² (85.8407) − hole π·5² (78.5398) = 19835.6194.
    expectMm(reading.area, 19835.6194);
    expect(reading.boundingBox).toEqual({ minX: 0, minY: 0, maxX: 200, maxY: 100, width: 100, length: 200 });
  });

  it('places an INSERT of a block: rotated 90°, scaled by 0.5, at (500, 300)', () => {
    const block: DxfBlock = { name: 'PLATE', base: { x: 0, y: 0 }, entities: PLATE };
    const reading = readDxf(dxfDrawing({ blocks: [block], entities: [{ type: 'INSERT', block: 'PLATE', position: { x: 500, y: 300 }, rotation: 90, xScale: 0.5, yScale: 0.5 }] }));

    // Half size, 100 × 50, turned upright: x from 500 − 50 to 500, y from 300 to 400.
    expect(reading.boundingBox).toEqual({ minX: 450, minY: 300, maxX: 500, maxY: 400, width: 50, length: 100 });
    expectMm(reading.outerContour.length, 300);
    // Slot 15 × 5: straight 10 twice, two half circles of r 2.5: 20 + 5π = 35.7080.
    expect(reading.innerContours).toHaveLength(1);
    expect(reading.innerContours[0].kind).toBe('slot');
    expectMm(reading.innerContours[0].length, 35.708);
    expect(reading.holes).toEqual([{ diameter: 4 }, { diameter: 4 }, { diameter: 4 }, { diameter: 4 }]);
    // 300 + 35.7080 + π·16 (50.2655) = 385.9735.
    expectMm(reading.cutLength, 385.9735);
    expect(reading.pierces).toBe(6);
    // 5000 − 4·π·2² (50.2655) − slot (10·5 + π·2.5² = 69.6350) = 4880.0996.
    expectMm(reading.area, 4880.0996);
    expect(reading.entityCount).toBe(12);
  });

  it('places a block moved off its base point, mirrored (x scale −1), nested in another block', () => {
    const inner: DxfBlock = { name: 'HOLES', base: { x: 10, y: 10 }, entities: FOUR_HOLES };
    const part: DxfBlock = {
      name: 'PART',
      entities: [...rectangle(0, 0, 200, 100), ...slot(100, 50, 30, 10), { type: 'INSERT', block: 'HOLES', position: { x: 10, y: 10 } }],
    };
    const reading = readDxf(dxfDrawing({ blocks: [inner, part], entities: [{ type: 'INSERT', block: 'PART', position: { x: 0, y: 0 }, xScale: -1 }] }));
    expect(reading.boundingBox).toEqual({ minX: -200, minY: 0, maxX: 0, maxY: 100, width: 100, length: 200 });
    expect(reading.holes).toHaveLength(4);
    expect(reading.innerContours.map((contour) => contour.kind)).toEqual(['slot']);
    expectMm(reading.cutLength, PLATE_CUT_LENGTH);
    expect(reading.warnings).toEqual([]);
  });

  it('repeats a block over columns and rows (MINSERT)', () => {
    const hole: DxfBlock = { name: 'HOLE', entities: [circle(0, 0, 8)] };
    const grid: DxfEntity = { type: 'INSERT', block: 'HOLE', position: { x: 20, y: 20 }, columns: { count: 3, spacing: 80 }, rows: { count: 2, spacing: 60 } };
    const reading = readDxf(dxfDrawing({ blocks: [hole], entities: [...rectangle(0, 0, 200, 100), grid] }));
    // Holes at x 20, 100, 180 and y 20, 80: six Ø8, 600 + π·48 (150.7964) = 750.7964.
    expect(reading.holes).toHaveLength(6);
    expectMm(reading.cutLength, 750.7964);
    expect(reading.entityCount).toBe(10);
    expect(reading.warnings).toEqual([]);
  });

  it('reads circles and arcs of a mirrored part (extrusion 0, 0, −1: x mirrored)', () => {
    // Drawn mirrored, the plate's right half in object coordinates is its left half in the world.
    const mirroredHoles: DxfEntity[] = FOUR_HOLES.map((hole) => (hole.type === 'CIRCLE' ? { ...hole, center: { x: -hole.center.x, y: hole.center.y }, mirrored: true } : hole));
    // A half circle on the outline's right end, drawn mirrored: centre (−200, 50), from 90° to 270°.
    const rightEnd: DxfEntity = { type: 'ARC', center: { x: -200, y: 50 }, radius: 50, startAngle: 90, endAngle: 270, mirrored: true };
    const reading = readDxf(dxfDrawing({ entities: [line(0, 0, 200, 0), rightEnd, line(200, 100, 0, 100), line(0, 100, 0, 0), ...mirroredHoles] }));
    expect(reading.boundingBox).toEqual({ minX: 0, minY: 0, maxX: 250, maxY: 100, width: 100, length: 250 });
    expect(reading.holes).toHaveLength(4);
    // 200 + 200 + 100 + π·50 (157.0796) + π·32 (100.5310) = 757.6106.
    expectMm(reading.cutLength, 757.6106);
    expect(reading.warnings).toEqual([]);
  });
});

describe('readDxf: units', () => {
  it('converts a drawing in inches to mm', () => {
    // 8 in × 4 in = 203.2 × 101.6 mm with a Ø 0.5 in = 12.7 mm hole.
    const reading = readDxf(dxfDrawing({ unit: 'in', entities: [...rectangle(0, 0, 8, 4), circle(4, 2, 0.5)] }));
    expect(reading.boundingBox).toEqual({ minX: 0, minY: 0, maxX: 203.2, maxY: 101.6, width: 101.6, length: 203.2 });
    expect(reading.holes).toEqual([{ diameter: 12.7 }]);
    // 2·(203.2 + 101.6) = 609.6, + π·12.7 (39.8982) = 649.4982.
    expectMm(reading.cutLength, 649.4982);
    // 203.2·101.6 = 20645.12 − π·6.35² (126.6769) = 20518.4431.
    expectMm(reading.area, 20518.4431);
  });

  it('converts centimetres and metres', () => {
    expect(readDxf(dxfDrawing({ unit: 'cm', entities: rectangle(0, 0, 20, 10) })).boundingBox.length).toBe(200);
    expect(readDxf(dxfDrawing({ unit: 'm', entities: rectangle(0, 0, 0.2, 0.1) })).boundingBox.length).toBe(200);
  });

  it('takes a drawing without a unit as millimetres and says so', () => {
    const reading = readDxf(dxfDrawing({ unit: 'none', entities: rectangle(0, 0, 200, 100) }));
    expect(reading.boundingBox.length).toBe(200);
    expect(reading.warnings).toEqual(['no drawing unit given: millimetres assumed']);
  });
});

describe('readDxf: curves approximated by sampling', () => {
  it('reads a closed ELLIPSE as an inner contour', () => {
    // Semi-axes 20 and 10: perimeter by Ramanujan π·(3(a + b) − √((3a + b)(a + 3b))) = 96.8845.
    const ellipse: DxfEntity = { type: 'ELLIPSE', center: { x: 100, y: 50 }, majorAxis: { x: 20, y: 0 }, ratio: 0.5 };
    const reading = readDxf(dxfDrawing({ entities: [...rectangle(0, 0, 200, 100), ellipse] }));
    expect(reading.innerContours).toHaveLength(1);
    expect(reading.innerContours[0].kind).toBe('contour');
    expect(Math.abs(reading.innerContours[0].length - 96.8845)).toBeLessThan(0.01);
    // 20000 − π·20·10 (628.3185) = 19371.6815.
    expect(Math.abs(reading.area - 19371.6815)).toBeLessThan(0.1);
  });

  it('reads a rational SPLINE (a circle of r 50 as NURBS) with its weights', () => {
    const w = Math.SQRT1_2;
    const spline: DxfEntity = {
      type: 'SPLINE',
      degree: 2,
      closed: true,
      knots: [0, 0, 0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1, 1, 1],
      weights: [1, w, 1, w, 1, w, 1, w, 1],
      controlPoints: [
        { x: 150, y: 100 },
        { x: 150, y: 150 },
        { x: 100, y: 150 },
        { x: 50, y: 150 },
        { x: 50, y: 100 },
        { x: 50, y: 50 },
        { x: 100, y: 50 },
        { x: 150, y: 50 },
        { x: 150, y: 100 },
      ],
    };
    const reading = readDxf(dxfDrawing({ entities: [spline] }));
    // 2π·50 = 314.1593; π·50² = 7853.9816. Traced within 0.001 mm of the curve.
    expect(Math.abs(reading.outerContour.length - 314.1593)).toBeLessThan(0.01);
    expect(Math.abs(reading.area - 7853.9816)).toBeLessThan(0.5);
    expect(reading.boundingBox.length).toBeCloseTo(100, 2);
  });
});

describe('readDxf: drawings that are not one clean part', () => {
  it('refuses an outline that does not close', () => {
    const [bottom, right, top] = rectangle(0, 0, 200, 100);
    const error = readError(() => readDxf(dxfDrawing({ entities: [bottom, right, top, ...FOUR_HOLES] })));
    expect(error.code).toBe('outer-contour-open');
    expect(error.message).toBe('The outer contour is not closed');
  });

  it('refuses a drawing with nothing closed at all', () => {
    const error = readError(() => readDxf(dxfDrawing({ entities: [line(0, 0, 100, 0)] })));
    expect(error.code).toBe('outer-contour-open');
  });

  it('refuses a drawing without any contour', () => {
    const error = readError(() => readDxf(dxfDrawing({ entities: [{ type: 'TEXT', position: { x: 0, y: 0 }, height: 5, text: 'empty' }] })));
    expect(error.code).toBe('no-contour');
  });

  it('refuses garbage, a truncated file and binary DXF without hanging or logging', () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(readError(() => readDxf('hello world\nthis is not a drawing\n')).code).toBe('not-dxf');
      expect(readError(() => readDxf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).code).toBe('not-dxf');
      expect(readError(() => readDxf('')).code).toBe('not-dxf');
      const drawing = dxfDrawing({ entities: PLATE });
      expect(readError(() => readDxf(drawing.slice(0, Math.floor(drawing.length / 2)).replace(/\n[^\n]*$/, '\n'))).code).toBe('unreadable');
      // A POLYLINE that never ends (no SEQEND) sends dxf-parser into an endless loop: refused first.
      const endless = drawing.replace('ENTITIES\n', 'ENTITIES\n0\nPOLYLINE\n8\n0\n70\n1\n');
      expect(readError(() => readDxf(endless)).code).toBe('unreadable');
      expect(readError(() => readDxf(Buffer.from('AutoCAD Binary DXF\r\n\x1a\x00garbage', 'latin1'))).code).toBe('binary-dxf');
      expect(log).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('refuses a drawing whose blocks multiply past 500,000 entities, quickly', () => {
    const empty: DxfBlock = { name: 'EMPTY', entities: [] };
    const huge: DxfEntity = { type: 'INSERT', block: 'EMPTY', position: { x: 0, y: 0 }, columns: { count: 30000, spacing: 1 }, rows: { count: 30000, spacing: 1 } };
    const error = readError(() => readDxf(dxfDrawing({ blocks: [empty], entities: [...PLATE, huge] })));
    expect(error.code).toBe('too-large');
    expect(error.message).toBe('The drawing has more than 500000 entities');
  });

  it('reads every part of several, the largest first', () => {
    const reading = readDxf(dxfDrawing({ entities: [...PLATE, ...rectangle(300, 0, 50, 50), circle(325, 25, 10)] }));
    expectMm(reading.cutLength, PLATE_CUT_LENGTH);
    expect(reading.parts).toHaveLength(2);
    expectMm(reading.parts[0].cutLength, PLATE_CUT_LENGTH);
    // 50 × 50 with a Ø10 hole: 200 + 10π, net 2500 − 25π.
    expectMm(reading.parts[1].cutLength, 200 + 10 * Math.PI);
    expectMm(reading.parts[1].area, 2500 - 25 * Math.PI);
    expect(reading.parts.map((part) => part.count)).toEqual([1, 1]);
    expect(reading.warnings).toEqual([]);
  });

  it('ignores what lies inside a cut-out, and open lines inside the part, with warnings', () => {
    const reading = readDxf(dxfDrawing({ entities: [...rectangle(0, 0, 200, 100), ...rectangle(50, 25, 100, 50), circle(100, 50, 10), line(10, 10, 30, 10)] }));
    // Outer 600 + cut-out 300; the Ø10 circle inside the cut-out is a part of its own.
    expectMm(reading.cutLength, 900);
    expect(reading.pierces).toBe(2);
    expect(reading.innerContours).toEqual([{ length: 300, kind: 'contour' }]);
    expect(reading.parts).toHaveLength(2);
    expectMm(reading.parts[1].cutLength, 10 * Math.PI);
    expect(reading.warnings).toEqual(['1 part inside cut-outs read as parts of their own', '1 open contour ignored (it ends at 30, 10)']);
    expect(reading.notes).toEqual([
      { code: 'nested-parts', params: { count: 1 } },
      { code: 'open-contours', params: { count: 1, x: 30, y: 10 } },
    ]);
  });

  it('finds the parts nested in each of many cut-outs', () => {
    const entities = rectangle(0, 0, 1000, 1000);
    for (let i = 0; i < 30; i++) {
      const x = 20 + (i % 6) * 160;
      const y = 20 + Math.floor(i / 6) * 190;
      entities.push(...rectangle(x, y, 100, 100), circle(x + 50, y + 50, 20));
    }
    const reading = readDxf(dxfDrawing({ entities }));
    expect(reading.innerContours).toHaveLength(30);
    expect(reading.holes).toEqual([]);
    // 4000 + 30 · 400 = 16000.
    expectMm(reading.cutLength, 16000);
    // The 30 discs of Ø20 in the cut-outs are one part 30 times.
    expect(reading.parts).toHaveLength(2);
    expect(reading.parts[1]).toMatchObject({ count: 30, holes: [], boundingBox: { width: 20, length: 20 } });
    expect(reading.warnings).toEqual(['30 parts inside cut-outs read as parts of their own']);
  });

  it('reads lines drawn twice once', () => {
    const reading = readDxf(dxfDrawing({ entities: [...PLATE, ...rectangle(0, 0, 200, 100), circle(20, 20, 8)] }));
    expectMm(reading.cutLength, PLATE_CUT_LENGTH);
    expect(reading.warnings).toEqual(['5 duplicate entities ignored']);
  });

  it('closes gaps under 0.1 mm and says so', () => {
    const entities = [line(0, 0, 200, 0), line(200, 0.05, 200, 100), line(200, 100, 0, 100), line(0, 100, 0, 0)];
    const reading = readDxf(dxfDrawing({ entities }));
    expect(Math.abs(reading.outerContour.length - 599.95)).toBeLessThan(0.001);
    expect(reading.warnings).toEqual(['gaps up to 0.1 mm closed']);
  });
});

describe('readDxf: a large drawing', () => {
  /** 4 outline lines and 249 slots of 4 entities each, shuffled: 1,000 entities to chain. */
  function largeDrawing(): DxfEntity[] {
    const slots: DxfEntity[] = [];
    for (let i = 0; i < 249; i++) {
      const column = i % 20;
      const row = Math.floor(i / 20);
      slots.push(...slot(25 + column * 50, 20 + row * 40, 30, 10));
    }
    const entities = [...rectangle(0, 0, 1000, 520), ...slots];
    // A fixed shuffle (linear congruential) so every run chains the same order.
    let seed = 7;
    for (let i = entities.length - 1; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const j = seed % (i + 1);
      [entities[i], entities[j]] = [entities[j], entities[i]];
    }
    return entities;
  }

  it('reads 1,000 entities: every slot chained', () => {
    const entities = largeDrawing();
    expect(entities).toHaveLength(1000);
    const reading = readDxf(dxfDrawing({ entities }));
    expect(reading.entityCount).toBe(1000);
    expect(reading.innerContours).toHaveLength(249);
    expect(reading.innerContours.every((contour) => contour.kind === 'slot')).toBe(true);
    expect(reading.pierces).toBe(250);
    // 2·(1000 + 520) = 3040 + 249 · 71.4159 (17782.5648, the slot as above) = 20822.5648.
    expect(Math.abs(reading.cutLength - 20822.5648)).toBeLessThan(0.01);
    expect(reading.warnings).toEqual([]);
  });
});

describe('dxfDrawing', () => {
  it('writes points as plain numbers and integer groups as integers', () => {
    const text = dxfDrawing({ entities: [line(0, 0.1, 1e-9, 12.5)] });
    expect(text).toContain('\n$INSUNITS\n70\n4\n');
    expect(text).toContain('\n10\n0.0\n20\n0.1\n30\n0.0\n11\n0.000000001000\n21\n12.5\n');
    expect(text.endsWith('0\nEOF\n')).toBe(true);
  });

  it('refuses a number that is not one', () => {
    const point: DxfPoint = { x: NaN, y: 0 };
    expect(() => dxfDrawing({ entities: [{ type: 'LINE', start: point, end: point }] })).toThrow('NaN is not a finite number');
  });
});
