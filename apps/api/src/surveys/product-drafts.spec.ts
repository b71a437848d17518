import { cadPhrases, DEFAULT_PART_LIMITS, DraftError, draftFromDxf, implausibility, draftFromExtraction, draftFromStep, figure, productNumber, ReadProduct, thicknessInName } from './product-drafts';

const read = (overrides: Partial<ReadProduct> = {}): ReadProduct => ({
  name: 'Mounting plate',
  number: 'MP-100',
  quantity: 25,
  material: 'S235JR',
  thickness: 3,
  width: 200,
  length: 100,
  height: null,
  bends: [{ length: 100, angle: 90, count: 2 }],
  holes: [{ diameter: 8.5, count: 4 }],
  operations: ['Laser cutting'],
  confidence: { name: 0.95, material: 0.4 },
  ...overrides,
});

describe('figures as the product columns hold them', () => {
  it('rounds once to four places, half away from zero, and keeps no float noise', () => {
    expect(figure(0.1 + 0.2, 'x')).toBe('0.3');
    expect(figure(2.00005, 'x')).toBe('2.0001');
    expect(figure(1e-5, 'x')).toBeNull();
    expect(figure(null, 'x')).toBeNull();
  });

  it('refuses what a numeric(14, 4) cannot hold or what is no figure', () => {
    expect(() => figure(1e10, 'x')).toThrow(DraftError);
    expect(() => figure(-1, 'x')).toThrow(DraftError);
    expect(() => figure(Number.NaN, 'x')).toThrow(DraftError);
  });
});

describe('a product read by the AI', () => {
  it('keeps 4 × Ø8.5 as one row of four, two bends as one row of two, the longer side as length', () => {
    const draft = draftFromExtraction(read());
    expect(draft).toMatchObject({ name: 'Mounting plate', number: 'MP-100', quantity: '25', thickness: '3', blankWidth: '100', blankLength: '200', material: 'S235JR' });
    expect(draft.holes).toEqual([{ diameter: '8.5', count: 4 }]);
    expect(draft.bends).toEqual([{ length: '100', angle: '90', count: 2 }]);
    expect(draft.confidence).toEqual({ name: 0.95, material: 0.4 });
    expect(draft.extracted).not.toHaveProperty('confidence');
  });

  it('leaves an angle outside 0..180 unsaid rather than failing the product', () => {
    expect(draftFromExtraction(read({ bends: [{ length: null, angle: 270, count: 1 }] })).bends).toEqual([{ length: null, angle: null, count: 1 }]);
  });

  it('refuses more holes than a product takes', () => {
    expect(() => draftFromExtraction(read({ holes: [{ diameter: 5, count: 10_001 }] }))).toThrow(DraftError);
  });
});

describe('a drawing read without AI', () => {
  const plate = {
    boundingBox: { width: 100, length: 200 },
    area: 19_000,
    outerContour: { length: 600 },
    innerContours: [{ length: 71.4159, kind: 'slot' }],
    holes: Array(4).fill({ diameter: 8 }),
    cutLength: 771.947,
    pierces: 6,
  };

  it('gives the outer and inner contours, the holes and the blank; the thickness from the name, marked as a guess', () => {
    const draft = draftFromDxf('Halter t=1,5.dxf', plate);
    expect(draft).toMatchObject({ name: 'Halter t=1,5', thickness: '1.5', blankWidth: '100', blankLength: '200', area: '0.019' });
    expect(draft.contours).toEqual([
      { kind: 'outer', length: '600' },
      { kind: 'inner', length: '71.4159' },
    ]);
    expect(draft.holes).toEqual([{ diameter: '8', count: 4 }]);
    expect(draft.confidence.thickness).toBe(0.5);
    expect(draftFromDxf('plate.dxf', plate).thickness).toBeNull();
  });

  it('reads a thickness only where the name says one', () => {
    expect(thicknessInName('bracket_3mm.dxf')).toBe(3);
    expect(thicknessInName('plate-t2.5.dxf')).toBe(2.5);
    expect(thicknessInName('Halter t=1,5.dxf')).toBe(1.5);
    expect(thicknessInName('part-4711.dxf')).toBeNull();
    expect(thicknessInName('outlet.dxf')).toBeNull();
  });

  it('takes no size of the part for its thickness', () => {
    expect(thicknessInName('Frontplatte 80mm breit.dxf')).toBeNull();
    expect(thicknessInName('Blende 120 mm lang 2mm.dxf')).toBe(2);
    expect(thicknessInName('plate 200x100mm.dxf')).toBeNull();
    expect(thicknessInName('Scheibe Ø20mm.dxf')).toBeNull();
    expect(thicknessInName('Deckel 45mm.dxf')).toBeNull();
    expect(thicknessInName('Cover plate S235-3.dxf')).toBeNull();
  });

  it('makes a product of each part of a sheet, named in turn, with its count and the reader\'s warnings', () => {
    const warnings = cadPhrases([
      { code: 'no-unit', params: {} },
      { code: 'frame-ignored', params: { count: 1 } },
      { code: 'something-new', params: {} },
    ]);
    expect(warnings).toEqual([{ key: 'cad_warning_no_unit', params: {} }, { key: 'cad_warning_frame_ignored', params: { count: 1 } }]);
    const draft = draftFromDxf('Sheet 7.dxf', { ...plate, count: 3 }, { index: 1, of: 4, warnings });
    expect(draft).toMatchObject({ name: 'Sheet 7 (2)', quantity: '3', warnings });
    expect(draft.extracted.count).toBe(3);
    // One part alone: its name, no quantity.
    expect(draftFromDxf('Sheet 7.dxf', plate)).toMatchObject({ name: 'Sheet 7', quantity: null, warnings: [] });
  });

  it('flags a part outside the shop\'s limits, and a drawing without units that only makes sense in inches or px', () => {
    const draft = (blankLength: string, blankWidth: string, thickness: string | null = null) => ({ blankLength, blankWidth, thickness });
    expect(implausibility(draft('200', '100', '3'), DEFAULT_PART_LIMITS, false)).toEqual([]);
    expect(implausibility(draft('3200', '1000'), DEFAULT_PART_LIMITS, false)).toEqual([
      { key: 'cad_warning_too_large', params: { length: 3200, width: 1000, maxLength: 3000, maxWidth: 1500 } },
    ]);
    expect(implausibility(draft('200', '100', '0.3'), DEFAULT_PART_LIMITS, false)).toEqual([
      { key: 'cad_warning_thickness_outside', params: { thickness: 0.3, min: 0.5, max: 30 } },
    ]);
    // 4 × 2 without a unit: 101.6 × 50.8 mm in inches, 1.1 × 0.5 mm in px.
    expect(implausibility(draft('4', '2'), DEFAULT_PART_LIMITS, true)).toEqual([
      { key: 'cad_warning_unit_alternatives', params: { length: 4, width: 2, inchLength: 101.6, inchWidth: 50.8, pxLength: 1.1, pxWidth: 0.5 } },
    ]);
    // 900 × 445.5 (an Inkscape page) makes sense in mm: the missing unit is said, no more.
    expect(implausibility(draft('900', '445.5'), DEFAULT_PART_LIMITS, true)).toEqual([]);
    // Limits of the shop's own.
    expect(implausibility(draft('900', '445.5'), { ...DEFAULT_PART_LIMITS, maxLength: 800 }, false)).toHaveLength(1);
  });

  it('flags a body that is not a sheet, on that body only', () => {
    const warnings = cadPhrases([{ code: 'not-a-sheet', params: { count: 1 } }]);
    const bent = draftFromStep('Assembly.step', { boundingBox: { length: 100, width: 50, thickness: 30 }, volume: 23_100, area: 770, count: 1, sheet: false }, { index: 0, of: 2, warnings });
    expect(bent).toMatchObject({ name: 'Assembly (1)', quantity: '1', warnings: [{ key: 'cad_warning_not_a_sheet' }] });
    expect(bent.confidence.thickness).toBeLessThan(0.6);
    const plates = draftFromStep('Assembly.step', { boundingBox: { length: 100, width: 50, thickness: 3 }, volume: 15_000, area: 5_000, count: 3, sheet: true }, { index: 1, of: 2, warnings });
    expect(plates).toMatchObject({ name: 'Assembly (2)', quantity: '3', warnings: [] });
  });

  it('gives a solid its blank, thickness and volume', () => {
    expect(draftFromStep('box.step', { boundingBox: { length: 100, width: 50, thickness: 3 }, volume: 15_000, area: 5_000 })).toMatchObject({
      name: 'box',
      thickness: '3',
      blankWidth: '50',
      blankLength: '100',
      // mm² and mm³ read, m² and cm³ kept.
      area: '0.005',
      volume: '15',
    });
  });
});

describe('product numbers', () => {
  it('takes the own number, else the survey\'s, and steps past those taken', () => {
    expect(productNumber('MP-100', 'SV-2026-0001', 1, new Set())).toBe('MP-100');
    expect(productNumber(null, 'SV-2026-0001', 3, new Set())).toBe('SV-2026-0001-3');
    expect(productNumber('MP-100', 'SV-2026-0001', 1, new Set(['MP-100', 'MP-100-2']))).toBe('MP-100-3');
  });

});
