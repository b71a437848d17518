import { CadReadError } from './errors';
import { dxfCircle, dxfDrawing, DxfEntity, dxfRectangle } from './dxf-writer';
import { readDxf } from './read-dxf';
import { readStep } from './read-step';
import { assemblyPlate, plateAssemblyBodies, stepSolids } from './step-writer';

/*
 * Drawings as customers send them: a part in a frame with a title block, a sheet of many
 * parts, holes written as splines or polygons, a drawing without units, one in metres, views, and a
 * STEP assembly. Every drawing is written here; every figure worked out beside it.
 */

const line = (x1: number, y1: number, x2: number, y2: number, extra: Partial<DxfEntity> = {}): DxfEntity =>
  ({ type: 'LINE', start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, ...extra }) as DxfEntity;
const circle = dxfCircle;
const rectangle = (x: number, y: number, width: number, height: number): DxfEntity[] => [
  line(x, y, x + width, y),
  line(x + width, y, x + width, y + height),
  line(x + width, y + height, x, y + height),
  line(x, y + height, x, y),
];
const box = dxfRectangle;
const text = (x: number, y: number, value: string): DxfEntity => ({ type: 'TEXT', position: { x, y }, height: 3.5, text: value });

function expectMm(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.001);
}

/** 120 × 80 at (x, y), four Ø8 holes 10 in from the corners: cut 400 + 32π = 500.5310, net 9600 − 64π. */
const part = (x: number, y: number): DxfEntity[] => [
  ...rectangle(x, y, 120, 80),
  circle(x + 10, y + 10, 8),
  circle(x + 110, y + 10, 8),
  circle(x + 110, y + 70, 8),
  circle(x + 10, y + 70, 8),
];
const PART_CUT = 400 + 32 * Math.PI;
const PART_AREA = 9600 - 64 * Math.PI;

/** An A4 frame (297 × 210) with an inner border 10 in and a title block of cells in its lower right corner. */
const A4_FRAME: DxfEntity[] = [
  box(0, 0, 297, 210),
  box(10, 10, 277, 190),
  // The title block: its outline on the inner border's corner, cells of text inside, lines ending on the border.
  box(187, 10, 100, 30),
  line(187, 25, 287, 25),
  text(190, 30, 'Flange'),
  text(190, 15, 'Scale 1:1'),
  text(240, 15, 'S235 t=3'),
];

describe('readDxf: frames and title blocks', () => {
  it('reads the part inside a frame with a title block, not the frame', () => {
    const reading = readDxf(dxfDrawing({ entities: [...A4_FRAME, ...part(40, 60)] }));
    expect(reading.parts).toHaveLength(1);
    expectMm(reading.cutLength, PART_CUT);
    expectMm(reading.area, PART_AREA);
    expect(reading.holes).toHaveLength(4);
    expect(reading.boundingBox).toMatchObject({ minX: 40, minY: 60, length: 120, width: 80 });
    // The frame and its inner border; the title block's outline and its line ending on the border.
    expect(reading.warnings).toEqual(['2 drawing frames ignored', '2 title block fields ignored']);
    expect(reading.notes).toEqual([
      { code: 'frame-ignored', params: { count: 2 } },
      { code: 'title-block-ignored', params: { count: 2 } },
    ]);
  });

  it('reads a frame drawn with lines, title block lines ending on it, centre lines and dimensions around the part', () => {
    const entities: DxfEntity[] = [
      ...rectangle(0, 0, 297, 210),
      // Title block lines from the frame's border (T-junctions never chain).
      line(187, 0, 187, 30),
      line(187, 30, 297, 30),
      line(187, 15, 297, 15),
      text(190, 20, 'Bracket'),
      ...part(40, 60),
      // A centre line reaching beyond the part and a dimension line on a layer of its own: no cut.
      line(30, 100, 170, 100, { lineType: 'CENTER' }),
      line(40, 50, 160, 50, { layer: 'DIM' }),
      text(100, 45, '120'),
    ];
    const reading = readDxf(dxfDrawing({ entities }));
    expect(reading.parts).toHaveLength(1);
    expectMm(reading.cutLength, PART_CUT);
    expect(reading.warnings[0]).toBe('1 drawing frame ignored');
  });

  it("leaves out lines drawn in their layer's centre or hidden line type, and layers named so in the plural", () => {
    const entities: DxfEntity[] = [
      ...part(40, 60),
      // AutoCAD Mechanical: centre lines on AM_7 (CENTER2), hidden edges on AM_3 (HIDDEN), both drawn BYLAYER.
      { ...circle(100, 100, 60), layer: 'AM_7' },
      line(30, 100, 170, 100, { layer: 'AM_7', lineType: 'ByLayer' }),
      { ...circle(100, 100, 20), layer: 'AM_3' },
      // Layers named in the plural, German and English.
      line(100, 50, 100, 150, { layer: 'Mittellinien' }),
      { ...circle(60, 100, 12), layer: 'Bemaßungen' },
      line(45, 65, 70, 90, { layer: 'hatches' }),
      line(45, 90, 70, 65, { layer: 'CENTERLINES' }),
      // A pitch circle drawn in its own centre line type on layer 0, a hidden edge dashed (QCAD's hidden layer is DASHED).
      { ...circle(100, 100, 40), lineType: 'CENTER' },
      { ...circle(100, 100, 50), layer: 'Kanten', lineType: 'BYLAYER' },
      // Its own line type wins over its layer's: a continuous line on AM_7 is a cut (a Ø6 hole).
      { ...circle(140, 100, 6), layer: 'AM_7', lineType: 'CONTINUOUS' },
    ];
    const reading = readDxf(dxfDrawing({ entities, layerLineTypes: { AM_7: 'CENTER2', AM_3: 'HIDDEN', Kanten: 'DASHED' } }));
    expect(reading.parts).toHaveLength(1);
    expect(reading.holes).toHaveLength(5);
    expectMm(reading.cutLength, PART_CUT + 6 * Math.PI);
    expect(reading.warnings).toEqual([]);
  });

  it('keeps a plain rectangle with a cut-out a part (no frame without a title block)', () => {
    const reading = readDxf(dxfDrawing({ entities: [...rectangle(0, 0, 200, 100), ...rectangle(50, 25, 100, 50)] }));
    expect(reading.parts).toHaveLength(1);
    expectMm(reading.cutLength, 900);
    expect(reading.warnings).toEqual([]);
  });
});

describe('readDxf: a sheet of many parts', () => {
  it('reads 12 parts, 3 of them identical (one turned), counted once', () => {
    const entities: DxfEntity[] = [];
    // Nine parts of different sizes: squares of 20 + 5·i with a Ø6 hole in the middle.
    for (let i = 0; i < 9; i++) {
      const side = 20 + 5 * i;
      const x = (i % 3) * 100;
      const y = Math.floor(i / 3) * 100;
      entities.push(box(x, y, side, side), circle(x + side / 2, y + side / 2, 6));
    }
    // Three times the 120 × 80 part: two upright, one turned a quarter.
    entities.push(...part(400, 0), ...part(400, 100));
    entities.push(...rectangle(600, 0, 80, 120), circle(610, 10, 8), circle(670, 10, 8), circle(670, 110, 8), circle(610, 110, 8));
    const reading = readDxf(dxfDrawing({ entities }));
    expect(reading.parts).toHaveLength(10);
    expect(reading.parts.reduce((sum, each) => sum + each.count, 0)).toBe(12);
    const [largest] = reading.parts;
    expect(largest.count).toBe(3);
    expectMm(largest.cutLength, PART_CUT);
    // The smallest: 20 × 20 with Ø6: 80 + 6π, net 400 − 9π.
    const smallest = reading.parts[reading.parts.length - 1];
    expect(smallest).toMatchObject({ count: 1, boundingBox: { length: 20, width: 20 } });
    expectMm(smallest.cutLength, 80 + 6 * Math.PI);
    expectMm(smallest.area, 400 - 9 * Math.PI);
    expect(reading.warnings).toEqual([]);
    // The preview shows every part.
    expect(reading.svg.match(/<path /g)).toHaveLength(2);
    // Extents 680 × 260, margin 2 % of 680.
    expect(reading.svg).toContain('viewBox="-13.6 -13.6 707.2 287.2"');
  });
});

describe('readDxf: holes and contours', () => {
  it('reads a closed spline and a polygon of many sides that are circles as holes', () => {
    const w = Math.SQRT1_2;
    // A Ø20 circle as a rational quadratic NURBS, centred on (50, 40).
    const splineHole: DxfEntity = {
      type: 'SPLINE',
      degree: 2,
      closed: true,
      knots: [0, 0, 0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1, 1, 1],
      weights: [1, w, 1, w, 1, w, 1, w, 1],
      controlPoints: [
        [60, 40],
        [60, 50],
        [50, 50],
        [40, 50],
        [40, 40],
        [40, 30],
        [50, 30],
        [60, 30],
        [60, 40],
      ].map(([x, y]) => ({ x, y })),
    };
    // A Ø10 circle as a polyline of 64 corners, centred on (150, 40).
    const polygonHole: DxfEntity = {
      type: 'LWPOLYLINE',
      closed: true,
      vertices: Array.from({ length: 64 }, (_, k) => ({ x: 150 + 5 * Math.cos((k / 64) * 2 * Math.PI), y: 40 + 5 * Math.sin((k / 64) * 2 * Math.PI) })),
    };
    const reading = readDxf(dxfDrawing({ entities: [...rectangle(0, 0, 200, 80), splineHole, polygonHole] }));
    expect(reading.innerContours).toEqual([]);
    expect(reading.holes).toHaveLength(2);
    expect(reading.holes[0].diameter).toBeCloseTo(20, 2);
    expect(reading.holes[1].diameter).toBeCloseTo(10, 1);
    expect(reading.pierces).toBe(3);
  });

  it('keeps an ellipse and a square an inner contour', () => {
    const ellipse: DxfEntity = { type: 'ELLIPSE', center: { x: 100, y: 50 }, majorAxis: { x: 20, y: 0 }, ratio: 0.5 };
    const reading = readDxf(dxfDrawing({ entities: [...rectangle(0, 0, 200, 100), ellipse, box(20, 20, 10, 10)] }));
    expect(reading.holes).toEqual([]);
    expect(reading.innerContours).toHaveLength(2);
  });

  it('says so when a circle crosses the outline instead of dropping it or making it a part', () => {
    const reading = readDxf(dxfDrawing({ entities: [...part(0, 0), circle(120, 40, 10)] }));
    expect(reading.parts).toHaveLength(1);
    expectMm(reading.cutLength, PART_CUT);
    expect(reading.notes).toEqual([{ code: 'circle-on-outline', params: { diameter: 10, x: 120, y: 40 } }]);
    expect(reading.warnings).toEqual(['a circle of diameter 10 crossing the outline at 120, 40 ignored']);
  });

  it('leaves out a side view beside the part and says so', () => {
    // The 120 × 80 part seen from below: 120 × 3, under it.
    const reading = readDxf(dxfDrawing({ entities: [...part(0, 20), ...rectangle(0, 0, 120, 3)] }));
    expect(reading.parts).toHaveLength(1);
    expectMm(reading.cutLength, PART_CUT);
    expect(reading.warnings).toEqual(['1 side view of a part ignored']);
  });

  it('says what it found in a drawing of views with open lines', () => {
    const views = [...part(0, 0), line(150, 0, 150, 80), line(150, 80, 153, 80), line(153, 80, 153, 0), line(200, 0, 320, 0), line(200, 3, 320, 3)];
    let error: CadReadError | undefined;
    try {
      readDxf(dxfDrawing({ entities: views }));
    } catch (caught) {
      error = caught as CadReadError;
    }
    expect(error).toBeInstanceOf(CadReadError);
    expect(error!.code).toBe('several-views');
    expect(error!.params).toEqual({ closed: 5, open: 3 });
  });

  it('says what it found in views inside a frame, instead of reading the holes of an open outline as parts', () => {
    // As QCAD's flange_with_border.dxf: a front view whose outline is left open around its holes, a section view
    // beside it, in an A4 frame with a title block. Read as parts, its holes became parts of their own.
    const front = [line(40, 60, 160, 60), line(160, 60, 160, 140), line(160, 140, 40, 140), line(40, 140, 40, 62), ...[60, 80, 100, 120].map((x) => circle(x, 100, 4))];
    const section = box(200, 60, 15, 80);
    let error: CadReadError | undefined;
    try {
      readDxf(dxfDrawing({ entities: [...A4_FRAME, ...front, section] }));
    } catch (caught) {
      error = caught as CadReadError;
    }
    expect(error).toBeInstanceOf(CadReadError);
    expect(error!.code).toBe('several-views');
    // The four holes and the section; the frame, its inner border and the title block are not counted.
    expect(error!.params).toEqual({ closed: 5, open: 1 });
  });

  it('reads a part in a frame with open lines only beside it (dimensions drawn as lines), saying so', () => {
    const dimensions = [line(40, 50, 160, 50), line(40, 45, 40, 55), line(160, 45, 160, 55)];
    const reading = readDxf(dxfDrawing({ entities: [...A4_FRAME, ...part(40, 60), ...dimensions] }));
    expect(reading.parts).toHaveLength(1);
    expectMm(reading.cutLength, PART_CUT);
    expect(reading.warnings).toEqual(['2 drawing frames ignored', '2 title block fields ignored', '3 open contours ignored (one ends at 160, 50)']);
  });

  it('calls an open outline in a frame open, instead of reading its holes as parts', () => {
    const outline = [line(40, 60, 160, 60), line(160, 60, 160, 140), line(160, 140, 40, 140), line(40, 140, 40, 62), circle(50, 70, 8), circle(150, 130, 8)];
    expect(() => readDxf(dxfDrawing({ entities: [...A4_FRAME, ...outline] }))).toThrow('The outer contour is not closed');
  });

  it('still calls an open outline with holes inside it open', () => {
    const open = [line(0, 0, 120, 0), line(120, 0, 120, 80), line(120, 80, 0, 80), line(0, 80, 0, 2), circle(10, 10, 8), circle(110, 70, 8)];
    expect(() => readDxf(dxfDrawing({ entities: open }))).toThrow('The outer contour is not closed');
  });
});

describe('readDxf: units', () => {
  it('reads an export in px without a unit as mm, with a warning', () => {
    // Inkscape's 900 × 445.5 px page drawn as the part, no $INSUNITS.
    const reading = readDxf(dxfDrawing({ unit: 'none', entities: rectangle(0, 0, 900, 445.5) }));
    expect(reading.boundingBox).toMatchObject({ length: 900, width: 445.5 });
    expect(reading.notes).toEqual([{ code: 'no-unit', params: {} }]);
  });

  it('reads a drawing in metres in mm', () => {
    const reading = readDxf(dxfDrawing({ unit: 'm', entities: [...rectangle(0, 0, 0.12, 0.08), circle(0.01, 0.01, 0.008)] }));
    expect(reading.boundingBox).toMatchObject({ length: 120, width: 80 });
    expect(reading.holes).toEqual([{ diameter: 8 }]);
    expectMm(reading.cutLength, 400 + 8 * Math.PI);
    expect(reading.warnings).toEqual([]);
  });
});

describe('readStep: assemblies', () => {
  it('reads each body of an assembly, identical ones once with their count, and flags a body that is not a sheet', async () => {
    // plateAssemblyBodies: three identical plates and an angle that is no sheet; and one 5 mm plate more.
    const reading = await readStep(Buffer.from(stepSolids([...plateAssemblyBodies(), { ...assemblyPlate(0), height: 5, at: [300, 0, 0] }])));
    expect(reading.meshCount).toBe(5);
    expect(reading.solids).toHaveLength(3);
    // Largest volume first: 25000, 23100, 15000.
    const [fives, bent, threes] = reading.solids;
    expect(bent).toMatchObject({ count: 1, sheet: false, volume: 23100 });
    expect(fives).toMatchObject({ count: 1, sheet: true, boundingBox: { length: 100, width: 50, thickness: 5 }, area: 5000 });
    expect(threes).toMatchObject({ count: 3, sheet: true, boundingBox: { length: 100, width: 50, thickness: 3 }, volume: 15000, area: 5000 });
    expect(reading.notes).toEqual([{ code: 'not-a-sheet', params: { count: 1 } }]);
  });
});
