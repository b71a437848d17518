import { bendCount, cutLength, geometryFigures, Geometry, pierceCount } from './index';

const bracket: Geometry = {
  contours: [
    { kind: 'outer', length: 600 },
    { kind: 'inner', length: 100 },
    { kind: 'inner', length: 50 },
  ],
  holes: [
    { kind: 'hole', diameter: 10, through: true },
    { kind: 'thread', diameter: 5, through: true },
    // Given only by inner and outer diameter: the laser cuts the 6.6 mm through hole.
    { kind: 'counterbore', innerDiameter: '6.6', outerDiameter: 11, innerDepth: 2, through: true },
  ],
  bends: [
    { bendClass: 'A', length: 120, angle: 90 },
    { bendClass: 'A', length: 120, angle: 90 },
    { bendClass: 'B', length: 80, angle: 45, combinedBends: 2 },
  ],
};

describe('geometry figures', () => {
  it('cut length is the contour lengths plus the hole circumferences π·d', () => {
    // 600 + 100 + 50 = 750 mm; π × (10 + 5 + 6.6) = π × 21.6 mm = 67.858401317539… mm → 817.8584 mm
    const figure = cutLength(bracket);
    expect(figure).toMatchObject({ value: '817.8584', unit: 'mm', formula: '750 mm + π × 21.6 mm' });
    expect(figure.exact.startsWith('817.858401317539')).toBe(true);
    expect(figure.inputs).toEqual({ contours: '3 contours, 750 mm together', holes: '3 holes, Ø 10 + 5 + 6.6 mm' });
  });

  it('pierce count is inner contours + holes + 1 for the outer contour', () => {
    // 2 + 3 + 1 = 6
    expect(pierceCount(bracket)).toMatchObject({ value: '6', formula: '2 inner contours + 3 holes + 1 outer contour' });
  });

  it('bend count is the number of bends', () => {
    expect(bendCount(bracket).value).toBe('3');
  });

  it('a plain outline has its length and one pierce', () => {
    const outline: Geometry = { contours: [{ kind: 'outer', length: '412.5' }] };
    expect(geometryFigures(outline)).toMatchObject({ cutLength: { value: '412.5' }, pierceCount: { value: '1' }, bendCount: { value: '0' } });
  });

  it('refuses a hole without a diameter', () => {
    expect(() => cutLength({ holes: [{ kind: 'hole' }] })).toThrow('Hole 1 has neither a diameter nor an inner diameter');
  });
});

describe('geometry rows with a count (4 × Ø8 is one row)', () => {
  // An outer contour, a slot cut twice, four Ø8 holes in one row and one Ø10; two bends of class A in one row and one of B.
  const plate: Geometry = {
    contours: [
      { kind: 'outer', length: 400 },
      { kind: 'inner', length: 60, count: 2 },
    ],
    holes: [
      { kind: 'hole', diameter: 8, through: true, count: 4 },
      { kind: 'hole', diameter: 10, through: true },
    ],
    bends: [
      { bendClass: 'A', length: 120, angle: 90, count: 2 },
      { bendClass: 'B', length: 80, angle: 90, count: 1 },
    ],
  };

  it('cut length takes every contour length and hole circumference times its count', () => {
    // 400 + 2 × 60 = 520 mm; π × (4 × 8 + 10) = π × 42 mm = 131.946891450771… mm → 651.9469 mm
    const figure = cutLength(plate);
    expect(figure).toMatchObject({ value: '651.9469', formula: '520 mm + π × 42 mm' });
    expect(figure.exact.startsWith('651.946891450771')).toBe(true);
    expect(figure.inputs).toEqual({ contours: '3 contours, 520 mm together', holes: '5 holes, 4 × Ø 8 mm + Ø 10 mm' });
    expect(cutLength(plate, 'de').inputs).toEqual({ Konturen: '3 Konturen, zusammen 520 mm', Bohrungen: '5 Bohrungen, 4 × Ø 8 mm + Ø 10 mm' });
  });

  it('pierces count every inner contour and hole of a row, and bends every bend of a row', () => {
    // 2 inner contours + 5 holes + 1 outer contour = 8; 2 + 1 = 3 bends
    expect(pierceCount(plate)).toMatchObject({ value: '8', formula: '2 inner contours + 5 holes + 1 outer contour', inputs: { 'inner contours': '2', holes: '5' } });
    expect(bendCount(plate)).toMatchObject({ value: '3', formula: '3 bends' });
  });

  it('says 4 × Ø8 for one row of four holes', () => {
    const holes: Geometry = { contours: [{ kind: 'outer', length: 200 }], holes: [{ diameter: 8, count: 4 }] };
    // 200 mm + π × 32 mm = 300.5309649148… mm
    expect(cutLength(holes)).toMatchObject({ value: '300.531', inputs: { holes: '4 holes, 4 × Ø 8 mm' } });
    expect(cutLength(holes, 'de').inputs.Bohrungen).toBe('4 Bohrungen, 4 × Ø 8 mm');
    expect(pierceCount(holes)).toMatchObject({ value: '5', formula: '0 inner contours + 4 holes + 1 outer contour' });
  });

  it('prices rows with count 1 exactly as rows without a count', () => {
    const counted: Geometry = {
      contours: bracket.contours!.map((contour) => ({ ...contour, count: 1 })),
      holes: bracket.holes!.map((hole) => ({ ...hole, count: 1 })),
      bends: bracket.bends!.map((bend) => ({ ...bend, count: null })),
    };
    expect(geometryFigures(counted)).toEqual(geometryFigures(bracket));
    expect(geometryFigures(counted, 'de')).toEqual(geometryFigures(bracket, 'de'));
  });

  it('refuses a count that is not a whole number of at least 1', () => {
    expect(() => cutLength({ holes: [{ diameter: 8, count: 0 }] })).toThrow('Hole 1: count must be a whole number of at least 1 (got 0)');
    expect(() => pierceCount({ contours: [{ kind: 'inner', length: 10, count: 1.5 }] })).toThrow('Contour 1: count must be a whole number of at least 1 (got 1.5)');
    expect(() => bendCount({ bends: [{ bendClass: 'A', count: -2 }] })).toThrow('Bend 1: count must be a whole number of at least 1 (got -2)');
  });
});

describe('plurals of the geometry words', () => {
  const single: Geometry = { contours: [{ kind: 'outer', length: '412.5' }, { kind: 'inner', length: 50 }], holes: [{ kind: 'thread', diameter: 8 }], bends: [{ bendClass: 'A' }] };

  it('names one inner contour, hole, contour and bend in the singular, in English', () => {
    expect(pierceCount(single)).toMatchObject({ value: '3', formula: '1 inner contour + 1 hole + 1 outer contour' });
    expect(bendCount(single).formula).toBe('1 bend');
    expect(cutLength({ contours: [{ kind: 'outer', length: '412.5' }], holes: [{ diameter: 8 }] }).inputs).toEqual({ contours: '1 contour, 412.5 mm', holes: '1 hole, Ø 8 mm' });
  });

  it('and in German', () => {
    expect(pierceCount(single, 'de')).toMatchObject({ value: '3', formula: '1 Innenkontur + 1 Bohrung + 1 Außenkontur' });
    expect(bendCount(single, 'de').formula).toBe('1 Biegung');
    expect(bendCount({ bends: [{ bendClass: 'A', count: 2 }] }, 'de').formula).toBe('2 Biegungen');
    expect(pierceCount({ contours: [{ kind: 'inner', length: 5, count: 2 }], holes: [{ diameter: 5, count: 3 }] }, 'de').formula).toBe('2 Innenkonturen + 3 Bohrungen + 1 Außenkontur');
    expect(cutLength({ contours: [{ kind: 'outer', length: '412.5' }], holes: [{ diameter: '6.6' }] }, 'de').inputs).toEqual({ Konturen: '1 Kontur, 412,5 mm', Bohrungen: '1 Bohrung, Ø 6,6 mm' });
  });
});
