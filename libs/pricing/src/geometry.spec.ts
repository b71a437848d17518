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
