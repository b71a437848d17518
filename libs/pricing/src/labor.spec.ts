import { Asset, CuttingRate, cuttingRatesTie, PricingError, PricingRequest, priceProduct, Product, ProductOperation } from './index';

const laser: Asset = {
  id: 'laser',
  name: 'Laser',
  calculateByTime: true,
  prices: [
    { quantity: 1, inputCost: 5, setupCost: 30, programCost: 15, price: 0 },
    { quantity: 10, inputCost: 5, setupCost: 20, programCost: 10, price: 0 },
  ],
};

/** Charges a price per piece by quantity band instead of time. */
const deburring: Asset = {
  id: 'deburr',
  name: 'Deburring',
  calculateByTime: false,
  prices: [
    { quantity: 1, inputCost: 0, setupCost: 0, programCost: 0, price: '4.00' },
    { quantity: 10, inputCost: 0, setupCost: 0, programCost: 0, price: '3.00' },
    { quantity: 100, inputCost: 0, setupCost: 0, programCost: 0, price: '2.00' },
  ],
};

function priceOperations(operations: ProductOperation[], quantities: number[], extra: Partial<Product> = {}, assets: Asset[] = [laser, deburring]) {
  const request: PricingRequest = {
    date: '2026-05-15',
    quantities,
    product: { id: 'plate', name: 'Plate', operations, ...extra },
    prices: {
      assets,
      materials: [{ id: 's235', name: 'S235JR', groupId: 'steel', priceUnit: 'kg', pricePerUnit: '0', density: '7.85' }],
      groups: [{ id: 'steel', name: 'Steel' }],
    },
  };
  return priceProduct(request).tiers;
}

describe('labor per piece', () => {
  it('is time per piece ÷ 60 × hourly rate', () => {
    // 2.5 min ÷ 60 × 72 €/h = 3.00 €; plus 2 min ÷ 60 × 45 €/h = 1.50 € → 4.50 €
    const [tier] = priceOperations(
      [
        { name: 'Assembly', timePerUnit: '2.5', hourlyRate: 72 },
        { name: 'Packing', timePerUnit: 2, hourlyRate: 45 },
      ],
      [7],
    );
    expect(tier.labor.unit).toMatchObject({ value: '4.50', formula: 'Σ 3.00 + 1.50' });
    expect(tier.labor.unit.inputs['operation 1: Assembly']).toMatchObject({ formula: '2.5 min ÷ 60 × 72 €/h' });
    expect(tier.unitPrice.value).toBe('4.50');
    expect(tier.totalPrice.value).toBe('31.50');
  });

  it("is the price of the asset's band for the quantity when the asset does not calculate by time", () => {
    // Bands from 1: 4.00 €, from 10: 3.00 €, from 100: 2.00 €; a band holds up to the next one's quantity.
    const tiers = priceOperations([{ name: 'Deburring', assetId: 'deburr' }], [1, 9, 10, 99, 100, 5000]);
    expect(tiers.map((tier) => tier.labor.unit.value)).toEqual(['4.00', '4.00', '3.00', '3.00', '2.00', '2.00']);
    expect(tiers[2].labor.unit.inputs['operation 1: Deburring']).toMatchObject({ formula: 'price per piece of Deburring, band from quantity 10' });
  });

  it('uses the lowest band below its quantity', () => {
    // The lowest band starts at 5 pieces; 1 piece still pays its 4.00 €.
    const fromFive: Asset = { ...deburring, prices: [{ quantity: 5, inputCost: 0, setupCost: 0, programCost: 0, price: '4.00' }] };
    expect(priceOperations([{ name: 'Deburring', assetId: 'deburr' }], [1], {}, [fromFive])[0].labor.unit.value).toBe('4.00');
  });

  it('sorts operations by their sorting', () => {
    const [tier] = priceOperations(
      [
        { name: 'Second', sorting: 20, timePerUnit: 1, hourlyRate: 60 },
        { name: 'First', sorting: 10, timePerUnit: 1, hourlyRate: 60 },
      ],
      [1],
    );
    expect(Object.keys(tier.labor.unit.inputs)).toEqual(['operation 1: First', 'operation 2: Second']);
  });
});

describe('setup and program per order', () => {
  it("adds setup and input cost of the asset's band and spreads them over the pieces", () => {
    // Band from 1: 30 € setup + 5 € input = 35 € per order; from 10: 20 € + 5 € = 25 €.
    // Labor 1 min ÷ 60 × 60 €/h = 1.00 €.
    const tiers = priceOperations([{ name: 'Laser cutting', assetId: 'laser', timePerUnit: 1, hourlyRate: 60, programTime: 0, programRate: 0 }], [1, 4, 10]);
    // 1 piece: 35.00 ÷ 1 = 35.00; + 1.00 labor = 36.00
    expect(tiers[0].setup.unit).toMatchObject({ value: '35.00', formula: '35.00 € per order ÷ 1 piece' });
    expect(tiers[0].unitPrice.value).toBe('36.00');
    // 4 pieces: 35.00 ÷ 4 = 8.75; + 1.00 = 9.75; the order's setup is still 35.00
    expect(tiers[1].setup.unit).toMatchObject({ value: '8.75', formula: '35.00 € per order ÷ 4 pieces' });
    expect(tiers[1].setup.total.value).toBe('35.00');
    expect(tiers[1].unitPrice.value).toBe('9.75');
    // 10 pieces: band from 10, 25.00 ÷ 10 = 2.50; + 1.00 = 3.50
    expect(tiers[2].setup.unit.value).toBe('2.50');
    expect(tiers[2].unitPrice.value).toBe('3.50');
  });

  it("is program time ÷ 60 × program rate, else the band's program cost", () => {
    // With a program time: 12 min ÷ 60 × 90 €/h = 18.00 € per order; ÷ 8 pieces = 2.25 €
    const timed = priceOperations([{ name: 'Laser cutting', assetId: 'laser', timePerUnit: 0, hourlyRate: 60, programTime: 12, programRate: 90 }], [8]);
    expect(timed[0].program.unit).toMatchObject({ value: '2.25', formula: '18.00 € per order ÷ 8 pieces' });
    expect(timed[0].program.total.value).toBe('18.00');
    // Without: the band from 1 has 15.00 € program cost; ÷ 4 pieces = 3.75 €
    const banded = priceOperations([{ name: 'Laser cutting', assetId: 'laser', timePerUnit: 0, hourlyRate: 60 }], [4]);
    expect(banded[0].program.unit.value).toBe('3.75');
    // Without an asset there is neither setup nor band program cost.
    const manual = priceOperations([{ name: 'Assembly', timePerUnit: 0, hourlyRate: 60 }], [4]);
    expect([manual[0].setup.unit.value, manual[0].program.unit.value]).toEqual(['0.00', '0.00']);
  });
});

describe('times derived from the geometry', () => {
  const cutter: Asset = {
    id: 'cutter',
    name: 'Fiber laser',
    calculateByTime: true,
    timeModel: {
      kind: 'laser-cutting',
      rates: [
        { materialGroupId: 'aluminium', thicknessFrom: 0, thicknessTo: 10, cutSpeed: 9000, pierceTime: 1 },
        { materialGroupId: 'steel', thicknessFrom: 3.01, thicknessTo: 10, cutSpeed: 2500, pierceTime: 3 },
        { materialGroupId: 'steel', thicknessFrom: 0, thicknessTo: 3, cutSpeed: 6000, pierceTime: 2 },
      ],
    },
  };
  const brake: Asset = {
    id: 'brake',
    name: 'Press brake',
    calculateByTime: true,
    timeModel: { kind: 'bending', secondsPerBend: [{ bendClass: 'A', seconds: 8 }, { bendClass: 'B', seconds: 14 }], handlingSeconds: 20 },
  };
  const plate: Partial<Product> = {
    materialId: 's235',
    blank: { width: 100, length: 100, thickness: 2 },
    geometry: {
      contours: [
        { kind: 'outer', length: 2400 },
        { kind: 'inner', length: 300 },
        { kind: 'inner', length: 300 },
      ],
      bends: [{ bendClass: 'A' }, { bendClass: 'B' }, { bendClass: 'A' }],
    },
  };

  it('laser cutting: cut length ÷ cut speed + pierces × pierce time, by material group and thickness', () => {
    // Cut length 2400 + 300 + 300 = 3000 mm; pierces 2 inner contours + 0 holes + 1 = 3.
    // Steel at 2 mm: 6000 mm/min, 2 s per pierce: 3000 ÷ 6000 = 0.5 min + 3 × 2 s ÷ 60 = 0.1 min → 0.6 min
    // 0.6 min ÷ 60 × 120 €/h = 1.20 €
    const [tier] = priceOperations([{ name: 'Laser cutting', assetId: 'cutter', hourlyRate: 120 }], [1], plate, [cutter]);
    expect(tier.labor.unit.value).toBe('1.20');
    const line = tier.labor.unit.inputs['operation 1: Laser cutting'];
    const time = typeof line === 'string' ? null : line.inputs['time per piece'];
    expect(time).toMatchObject({ value: '0.6', unit: 'min', formula: '3,000 mm ÷ 6,000 mm/min + 3 × 2 s ÷ 60' });
  });

  it('picks the cutting rate for a thicker sheet from its own range', () => {
    // Steel at 4 mm: 2500 mm/min, 3 s: 3000 ÷ 2500 = 1.2 min + 3 × 3 s ÷ 60 = 0.15 min → 1.35 min
    // 1.35 min ÷ 60 × 120 €/h = 2.70 €
    const thick = { ...plate, blank: { width: 100, length: 100, thickness: 4 } };
    expect(priceOperations([{ name: 'Laser cutting', assetId: 'cutter', hourlyRate: 120 }], [1], thick, [cutter])[0].labor.unit.value).toBe('2.70');
  });

  it('bending: bends × seconds per bend of their class + handling', () => {
    // 2 bends of class A × 8 s + 1 of class B × 14 s + 20 s handling = 50 s = 0.8333… min
    // 50 s ÷ 3600 × 90 €/h = 1.25 €
    const [tier] = priceOperations([{ name: 'Bending', assetId: 'brake', hourlyRate: 90 }], [1], plate, [brake]);
    expect(tier.labor.unit.value).toBe('1.25');
    const line = tier.labor.unit.inputs['operation 1: Bending'];
    const time = typeof line === 'string' ? null : line.inputs['time per piece'];
    expect(time).toMatchObject({ value: '0.8333', formula: '(2 × 8 s + 1 × 14 s + 20 s handling) ÷ 60' });
  });

  it('finds a bend class whatever its case and surrounding spaces, as saving a rate treats them', () => {
    // "a " and "b" are the brake's classes A and B: the same 50 s, 1.25 €, as above.
    const typed = { ...plate, geometry: { ...plate.geometry, bends: [{ bendClass: 'a ' }, { bendClass: 'b' }, { bendClass: 'A' }] } };
    expect(priceOperations([{ name: 'Bending', assetId: 'brake', hourlyRate: 90 }], [1], typed, [brake])[0].labor.unit.value).toBe('1.25');
  });

  it('counts rows with a count as that many contours, holes and bends', () => {
    // The plate again, each pair of rows as one row with count 2, and a row of four Ø10 holes:
    // cut length 2400 + 2 × 300 + π × 4 × 10 = 3125.6637… mm; pierces 2 inner contours + 4 holes + 1 = 7.
    // Steel at 2 mm: 3125.6637… ÷ 6000 = 0.520943… min + 7 × 2 s ÷ 60 = 0.2333… min → 0.7543 min; ÷ 60 × 120 €/h = 1.51 €
    const counted: Partial<Product> = {
      ...plate,
      geometry: {
        contours: [
          { kind: 'outer', length: 2400 },
          { kind: 'inner', length: 300, count: 2 },
        ],
        holes: [{ kind: 'hole', diameter: 10, count: 4 }],
        bends: [{ bendClass: 'A', count: 2 }, { bendClass: 'B' }],
      },
    };
    const [cut] = priceOperations([{ name: 'Laser cutting', assetId: 'cutter', hourlyRate: 120 }], [1], counted, [cutter]);
    const cutLine = cut.labor.unit.inputs['operation 1: Laser cutting'];
    const cutTime = typeof cutLine === 'string' ? null : cutLine.inputs['time per piece'];
    expect(cutTime).toMatchObject({ value: '0.7543', formula: '3,125.6637 mm ÷ 6,000 mm/min + 7 × 2 s ÷ 60' });
    expect(cut.labor.unit.value).toBe('1.51');
    // Bending as before: 2 × 8 s + 1 × 14 s + 20 s handling = 50 s → 1.25 €
    const [bent] = priceOperations([{ name: 'Bending', assetId: 'brake', hourlyRate: 90 }], [1], counted, [brake]);
    const bendLine = bent.labor.unit.inputs['operation 1: Bending'];
    const bendTime = typeof bendLine === 'string' ? null : bendLine.inputs['time per piece'];
    expect(bendTime).toMatchObject({ value: '0.8333', formula: '(2 × 8 s + 1 × 14 s + 20 s handling) ÷ 60' });
    expect(bent.labor.unit.value).toBe('1.25');
  });

  it('prefers an entered time per piece over the time model', () => {
    // 3 min ÷ 60 × 120 €/h = 6.00 €
    expect(priceOperations([{ name: 'Laser cutting', assetId: 'cutter', timePerUnit: 3, hourlyRate: 120 }], [1], plate, [cutter])[0].labor.unit.value).toBe('6.00');
  });

  it('refuses a product whose group and thickness have no cutting rate', () => {
    const stainless = { ...plate, blank: { width: 100, length: 100, thickness: 12 } };
    expect(() => priceOperations([{ name: 'Laser cutting', assetId: 'cutter', hourlyRate: 120 }], [1], stainless, [cutter])).toThrow(
      'Plate: Fiber laser has no cut speed for material group Steel at 12 mm',
    );
  });
});

describe('the most specific cutting rate', () => {
  // The plate of a 3 mm S235 sheet (group Steel): cut length 2400 + 300 + 300 = 3000 mm, pierces 2 inner + 1 = 3.
  const plate: Partial<Product> = {
    materialId: 's235',
    blank: { width: 100, length: 100, thickness: 3 },
    geometry: { contours: [{ kind: 'outer', length: 2400 }, { kind: 'inner', length: 300 }, { kind: 'inner', length: 300 }] },
  };
  const fallback: CuttingRate = { cutSpeed: 1000, pierceTime: 2 };
  const laserWith = (...rates: CuttingRate[]): Asset => ({ id: 'cutter', name: 'Fiber laser', calculateByTime: true, timeModel: { kind: 'laser-cutting', rates } });
  const cutAt120 = (rates: CuttingRate[], product: Partial<Product> = plate) =>
    priceOperations([{ name: 'Laser cutting', assetId: 'cutter', hourlyRate: 120 }], [1], product, [laserWith(...rates)])[0].labor.unit;

  it("a rate for the material's group beats the catch-all, whatever the order they come in", () => {
    // The catch-all comes first, as rates are read ordered by thickness from, empty first.
    // Steel 3–6 mm: 3000 mm ÷ 2500 mm/min = 1.2 min + 3 × 1.2 s ÷ 60 = 0.06 min → 1.26 min; ÷ 60 × 120 €/h = 2.52 €
    // (the catch-all would give 3000 ÷ 1000 = 3 min + 3 × 2 s ÷ 60 = 0.1 min → 3.1 min → 6.20 €)
    const steel: CuttingRate = { materialGroupId: 'steel', thicknessFrom: 3, thicknessTo: 6, cutSpeed: 2500, pierceTime: '1.2' };
    const anyGroup: CuttingRate = { thicknessFrom: 0, thicknessTo: 10, cutSpeed: 4000, pierceTime: '0.8' };
    const labor = cutAt120([fallback, anyGroup, steel]);
    expect(labor.value).toBe('2.52');
    const line = labor.inputs['operation 1: Laser cutting'];
    const time = typeof line === 'string' ? null : line.inputs['time per piece'];
    expect(time).toMatchObject({ formula: '3,000 mm ÷ 2,500 mm/min + 3 × 1.2 s ÷ 60', inputs: { 'cut speed': '2,500 mm/min on Fiber laser (group Steel, 3–6 mm)' } });
  });

  it('then a rate with a thickness range beats one without', () => {
    // Any group 0–10 mm: 3000 ÷ 4000 = 0.75 min + 3 × 0.8 s ÷ 60 = 0.04 min → 0.79 min × 2 €/min = 1.58 €
    expect(cutAt120([fallback, { thicknessFrom: 0, thicknessTo: 10, cutSpeed: 4000, pierceTime: '0.8' }]).value).toBe('1.58');
    // A range open at one end beats no range: from 2 mm, 3000 ÷ 3000 = 1 min + 3 × 1 s ÷ 60 = 0.05 → 1.05 min → 2.10 €
    expect(cutAt120([fallback, { thicknessFrom: 2, cutSpeed: 3000, pierceTime: 1 }]).value).toBe('2.10');
  });

  it('then a narrower range beats a wider one', () => {
    // Steel 0–10 (10 mm wide) and steel 2–4 (2 mm wide): 2–4 applies.
    // 3000 ÷ 2000 = 1.5 min + 3 × 1.5 s ÷ 60 = 0.075 min → 1.575 min × 2 €/min = 3.15 €
    const wide: CuttingRate = { materialGroupId: 'steel', thicknessFrom: 0, thicknessTo: 10, cutSpeed: 3000, pierceTime: 1 };
    const narrow: CuttingRate = { materialGroupId: 'steel', thicknessFrom: 2, thicknessTo: 4, cutSpeed: 2000, pierceTime: '1.5' };
    expect(cutAt120([wide, narrow]).value).toBe('3.15');
    expect(cutAt120([narrow, wide]).value).toBe('3.15');
    // A closed range beats one open at an end, however wide: steel 0–10 over steel from 2 → 3000 mm/min, 1 s → 2.10 €
    expect(cutAt120([{ materialGroupId: 'steel', thicknessFrom: 2, cutSpeed: 2000, pierceTime: '1.5' }, wide]).value).toBe('2.10');
    // Of two ranges open at the top, the one starting higher lies inside the other: from 3 over from 2.
    // From 3: 3000 ÷ 1500 = 2 min + 3 × 2 s ÷ 60 = 0.1 → 2.1 min → 4.20 €
    const fromTwo: CuttingRate = { materialGroupId: 'steel', thicknessFrom: 2, cutSpeed: 3000, pierceTime: 1 };
    const fromThree: CuttingRate = { materialGroupId: 'steel', thicknessFrom: 3, cutSpeed: 1500, pierceTime: 2 };
    expect(cutAt120([fromTwo, fromThree]).value).toBe('4.20');
  });

  it('refuses an equal tie rather than pick one silently', () => {
    // Steel 0–4 and steel 2–6 are both 4 mm wide, and both hold 3 mm.
    const first: CuttingRate = { materialGroupId: 'steel', thicknessFrom: 0, thicknessTo: 4, cutSpeed: 3000, pierceTime: 1 };
    const second: CuttingRate = { materialGroupId: 'steel', thicknessFrom: 2, thicknessTo: 6, cutSpeed: 2000, pierceTime: 1 };
    let error: unknown;
    try {
      cutAt120([first, second]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PricingError);
    expect(error).toMatchObject({
      code: 'missing-time',
      reason: 'pricing_cutting_rate_tie',
      message: 'Plate: Fiber laser has two equally specific cutting rates for material group Steel at 3 mm (0–4 mm and 2–6 mm); narrow one of them or delete one',
    });
    // At 1 mm only 0–4 holds: 3000 ÷ 3000 = 1 min + 3 × 1 s ÷ 60 = 0.05 → 1.05 min → 2.10 €
    expect(cutAt120([first, second], { ...plate, blank: { width: 100, length: 100, thickness: 1 } }).value).toBe('2.10');
  });

  it('says which pairs tie, for the check when a rate is saved', () => {
    const steel = (thicknessFrom: number | null, thicknessTo: number | null, materialGroupId: string | null = 'steel'): CuttingRate => ({ materialGroupId, thicknessFrom, thicknessTo, cutSpeed: 1, pierceTime: 1 });
    // Equally wide and overlapping (even in one point): a tie
    expect(cuttingRatesTie(steel(0, 4), steel(2, 6))).toBe(true);
    expect(cuttingRatesTie(steel(0, 2), steel(2, 4))).toBe(true);
    // Not overlapping, not as wide, not the same group: no tie
    expect(cuttingRatesTie(steel(0, 2), steel(2.01, 4.01))).toBe(false);
    expect(cuttingRatesTie(steel(0, 4), steel(2, 5))).toBe(false);
    expect(cuttingRatesTie(steel(0, 4), steel(0, 4, 'aluminium'))).toBe(false);
    expect(cuttingRatesTie(steel(0, 4), steel(0, 4, null))).toBe(false);
    // Both for any thickness, or one from and one up to a thickness that overlap: a tie
    expect(cuttingRatesTie(steel(null, null), steel(null, null))).toBe(true);
    expect(cuttingRatesTie(steel(3, null), steel(null, 10))).toBe(true);
    expect(cuttingRatesTie(steel(3, null), steel(null, 2))).toBe(false);
    // One range inside the other on the same side: the inner wins, no tie
    expect(cuttingRatesTie(steel(3, null), steel(2, null))).toBe(false);
  });
});
