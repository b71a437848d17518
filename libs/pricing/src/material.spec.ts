import { Material, MaterialGroup, PricingError, PricingRequest, priceProduct, Product } from './index';

/** A bracket whose only cost is its material, priced on 15 May 2026. */
function priceMaterialOnly(material: Material, options: { product?: Partial<Product>; groups?: MaterialGroup[]; quantities?: number[]; date?: string } = {}) {
  const request: PricingRequest = {
    date: options.date ?? '2026-05-15',
    quantities: options.quantities ?? [1],
    product: {
      id: 'bracket',
      name: 'Bracket',
      blank: { width: 100, length: 200, addedWidth: 10, addedLength: 10, thickness: 2 },
      materials: [{ materialId: material.id }],
      ...options.product,
    },
    prices: { materials: [material], groups: options.groups ?? [] },
  };
  return priceProduct(request);
}

function errorOf(run: () => unknown): PricingError {
  try {
    run();
  } catch (error) {
    if (error instanceof PricingError) return error;
    throw error;
  }
  throw new Error('expected a PricingError');
}

const steel: Material = { id: 's235', name: 'S235JR', groupId: null, priceUnit: 'kg', pricePerUnit: '1.20', density: '7.85' };

describe('material per piece', () => {
  it('prices a blank by weight: (width + added) × (length + added) × thickness × density', () => {
    // (100 + 10) mm × (200 + 10) mm × 2 mm = 46,200 mm³; × 7.85 g/cm³ ÷ 1,000,000 = 0.36267 kg
    // 0.36267 kg × 1.20 €/kg = 0.435204 € → 0.44 €
    const [tier] = priceMaterialOnly(steel).tiers;
    expect(tier.material.unit.exact).toBe('0.435204');
    expect(tier.unitPrice.value).toBe('0.44');
    const line = tier.material.unit.inputs['material line 1: S235JR'];
    expect(line).toMatchObject({ value: '0.4352', formula: '0.3627 kg × 1.20 €/kg' });
    const usage = typeof line === 'string' ? null : line.inputs.usage;
    expect(usage).toMatchObject({ exact: '0.36267', unit: 'kg', formula: '110 mm × 210 mm × 2 mm × 7.85 g/cm³ ÷ 1,000,000' });
  });

  it('prices a blank by area in m²', () => {
    // 110 mm × 210 mm = 23,100 mm² ÷ 1,000,000 = 0.0231 m²; × 38.50 €/m² = 0.88935 € → 0.89 €
    const aluminium: Material = { id: 'almg3', name: 'AlMg3', priceUnit: 'm2', pricePerUnit: '38.50' };
    const [tier] = priceMaterialOnly(aluminium).tiers;
    expect(tier.material.unit.exact).toBe('0.88935');
    expect(tier.unitPrice.value).toBe('0.89');
  });

  it('prices one piece of material per piece when priced per piece', () => {
    // 1 piece × 2.50 €/piece = 2.50 €
    const tube: Material = { id: 'tube', name: 'Tube 20×20', priceUnit: 'piece', pricePerUnit: '2.50' };
    expect(priceMaterialOnly(tube).tiers[0].unitPrice.value).toBe('2.50');
  });

  it('uses an entered usage instead of the blank', () => {
    // 0.5 kg × 1.20 €/kg = 0.60 €
    const [tier] = priceMaterialOnly(steel, { product: { materials: [{ materialId: 's235', usagePerUnit: '0.5' }] } }).tiers;
    expect(tier.material.unit.exact).toBe('0.6');
  });

  it('uses the price valid on the date from the price history, else the price per unit', () => {
    const withHistory: Material = {
      ...steel,
      prices: [
        { price: '1.10', validFrom: '2026-01-01' },
        { price: '1.30', validFrom: '2026-06-01' },
      ],
    };
    // 0.36267 kg × 1.20 = 0.435204 (before any history entry: the price per unit)
    expect(priceMaterialOnly(withHistory, { date: '2025-12-31' }).tiers[0].material.unit.exact).toBe('0.435204');
    // 0.36267 kg × 1.10 = 0.398937
    expect(priceMaterialOnly(withHistory, { date: '2026-05-31' }).tiers[0].material.unit.exact).toBe('0.398937');
    // 0.36267 kg × 1.30 = 0.471471 (valid from its first day)
    expect(priceMaterialOnly(withHistory, { date: '2026-06-01' }).tiers[0].material.unit.exact).toBe('0.471471');
  });

  it("prefers the group price for the product's thickness and quantity over the material's price per unit", () => {
    const grouped: Material = { ...steel, groupId: 'steel' };
    const group: MaterialGroup = {
      id: 'steel',
      name: 'Steel',
      prices: [
        { price: '0.85', validFrom: '2026-01-01', thicknessFrom: 0, thicknessTo: 3, minQuantity: 100 },
        { price: '0.95', validFrom: '2026-01-01', thicknessFrom: 0, thicknessTo: 3 },
        { price: '0.90', validFrom: '2026-01-01', thicknessFrom: 3, thicknessTo: 10 },
        { price: '0.50', validFrom: '2026-07-01', thicknessFrom: 0, thicknessTo: 3 },
      ],
    };
    const tiers = priceMaterialOnly(grouped, { groups: [group], quantities: [99, 100] }).tiers;
    // 2 mm lies in 0–3 mm; the 0.50 price is not valid yet on 15 May.
    // 99 pieces: 0.36267 kg × 0.95 €/kg = 0.3445365
    expect(tiers[0].material.unit.exact).toBe('0.3445365');
    // 100 pieces: the quantity price, listed first, wins: 0.36267 kg × 0.85 €/kg = 0.3082695
    expect(tiers[1].material.unit.exact).toBe('0.3082695');
    // 4 mm lies in 3–10 mm: 110 × 210 × 4 × 7.85 ÷ 1,000,000 = 0.72534 kg × 0.90 = 0.652806
    const thick = priceMaterialOnly(grouped, { groups: [group], product: { blank: { width: 100, length: 200, addedWidth: 10, addedLength: 10, thickness: 4 } } });
    expect(thick.tiers[0].material.unit.exact).toBe('0.652806');
    // From 1 July the 0.50 price is the latest valid-from, so it wins even at 100 pieces: 0.36267 × 0.50 = 0.181335
    expect(priceMaterialOnly(grouped, { groups: [group], quantities: [100], date: '2026-07-01' }).tiers[0].material.unit.exact).toBe('0.181335');
  });
});

describe("the material's own price history before its group's price list", () => {
  // S235 2 mm: price per unit 1.20 €/kg, its own history 1.25 €/kg from 01/01/26; its group
  // S235 steel lists 1.15 €/kg for 0–2.99 mm and 1.0925 €/kg from 3 mm, both from 01/01/26.
  // Blank (100 + 10) × (200 + 10) × 2 mm × 7.85 g/cm³ ÷ 1,000,000 = 0.36267 kg.
  const group: MaterialGroup = {
    id: 'g-s235',
    name: 'S235 steel',
    prices: [
      { price: '1.15', validFrom: '2026-01-01', thicknessFrom: 0, thicknessTo: '2.99' },
      { price: '1.0925', validFrom: '2026-01-01', thicknessFrom: 3 },
    ],
  };
  const withHistory: Material = { ...steel, groupId: 'g-s235', prices: [{ price: '1.25', validFrom: '2026-01-01' }] };
  const materialLine = (tier: { material: { unit: { inputs: Record<string, unknown> } } }) => tier.material.unit.inputs['material line 1: S235JR'] as { inputs: Record<string, unknown> };

  it('prices by the history entry valid on the date, naming it', () => {
    // 0.36267 kg × 1.25 €/kg = 0.4533375 € (not × 1.15 = 0.4170705 €, the group's)
    const [tier] = priceMaterialOnly(withHistory, { groups: [group] }).tiers;
    expect(tier.material.unit.exact).toBe('0.4533375');
    expect(materialLine(tier).inputs.price).toMatchObject({ value: '1.25', formula: 'price history of S235JR, valid from 01/01/26' });
  });

  it('prices by the group for the thickness before the first history entry', () => {
    // On 31/12/25 no history entry is valid yet, nor is the group's list: the price per unit, 0.36267 × 1.20 = 0.435204
    expect(priceMaterialOnly(withHistory, { groups: [group], date: '2025-12-31' }).tiers[0].material.unit.exact).toBe('0.435204');
    // A group list valid since 2025: 0.36267 kg × 1.15 €/kg = 0.4170705, named with its band
    const older: MaterialGroup = { ...group, prices: [{ price: '1.15', validFrom: '2025-01-01', thicknessFrom: 0, thicknessTo: '2.99' }] };
    const [tier] = priceMaterialOnly(withHistory, { groups: [older], date: '2025-12-31' }).tiers;
    expect(tier.material.unit.exact).toBe('0.4170705');
    expect(materialLine(tier).inputs.price).toMatchObject({ formula: 'group price of S235 steel (thickness 0–2.99 mm, quantity any), valid from 01/01/25' });
  });

  it('prices a material without history by its group, and without a group price by its price per unit', () => {
    // No history: the group's 1.15 for 2 mm: 0.36267 × 1.15 = 0.4170705
    const noHistory: Material = { ...withHistory, prices: [] };
    expect(priceMaterialOnly(noHistory, { groups: [group] }).tiers[0].material.unit.exact).toBe('0.4170705');
    // No history and a group without prices: 1.20 per unit: 0.36267 × 1.20 = 0.435204, named as such
    const [tier] = priceMaterialOnly(noHistory, { groups: [{ id: 'g-s235', name: 'S235 steel' }] }).tiers;
    expect(tier.material.unit.exact).toBe('0.435204');
    expect(materialLine(tier).inputs.price).toMatchObject({ formula: 'price per unit of S235JR' });
  });
});

describe("the material on a product's details", () => {
  const noLines: Partial<Product> = { materialId: 's235', materials: [] };

  it('is the material line of a product without material lines, its usage from the blank', () => {
    // Without lines the details' S235JR with the blank: 0.36267 kg × 1.20 €/kg = 0.435204 € → 0.44 €
    // (it used to be no material at all: 0.00 €)
    const result = priceMaterialOnly(steel, { product: noLines });
    const [tier] = result.tiers;
    expect(tier.material.unit.exact).toBe('0.435204');
    expect(tier.unitPrice.value).toBe('0.44');
    expect(tier.material.unit.inputs['material of the product: S235JR']).toMatchObject({ formula: '0.3627 kg × 1.20 €/kg' });
    expect(result.warnings).toEqual([]);
  });

  it('is not counted again when the product has material lines: the lines win', () => {
    // Details S235JR and one line of 0.5 kg S235JR: 0.5 × 1.20 = 0.60 €, once
    const [tier] = priceMaterialOnly(steel, { product: { materialId: 's235', materials: [{ materialId: 's235', usagePerUnit: '0.5' }] } }).tiers;
    expect(tier.material.unit.exact).toBe('0.6');
    expect(Object.keys(tier.material.unit.inputs)).toEqual(['material line 1: S235JR']);
  });

  it('warns where it can not be priced, rather than pricing nothing without a word', () => {
    // No blank to take the usage from: material 0.00 €, with a warning
    const result = priceMaterialOnly(steel, { product: { ...noLines, blank: null } });
    expect(result.tiers[0].material.unit.value).toBe('0.00');
    expect(result.warnings).toEqual([{ key: 'pricing_warning_material_without_blank', params: { product: 'Bracket', material: 'S235JR' } }]);
    // A blank but no material anywhere
    expect(priceMaterialOnly(steel, { product: { materials: [] } }).warnings).toEqual([{ key: 'pricing_warning_no_material', params: { product: 'Bracket' } }]);
    // A material priced at zero
    const free: Material = { ...steel, pricePerUnit: '0' };
    expect(priceMaterialOnly(free).warnings).toEqual([{ key: 'pricing_warning_material_zero', params: { product: 'Bracket', line: 1, material: 'S235JR' } }]);
    expect(priceMaterialOnly(free, { product: noLines }).warnings).toEqual([{ key: 'pricing_warning_product_material_zero', params: { product: 'Bracket', material: 'S235JR' } }]);
  });
});

describe('sheet price nesting', () => {
  const sheet: Material = { id: 'sheet', name: '1.4301 sheet', priceUnit: 'sheet', pricePerUnit: '100.00', width: 1000, length: 2000 };
  const blank = (width: number, length: number) => ({ blank: { width, length, thickness: 1.5 } });

  it('divides the sheet price by the blanks per sheet, turning the blank when more fit', () => {
    // Blank 400 × 300 mm on a 1000 × 2000 mm sheet:
    //   as given:  ⌊1000 ÷ 400⌋ × ⌊2000 ÷ 300⌋ = 2 × 6 = 12
    //   turned:    ⌊1000 ÷ 300⌋ × ⌊2000 ÷ 400⌋ = 3 × 5 = 15  ← best
    // 100.00 € ÷ 15 = 6.666… € → 6.67 €
    const [tier] = priceMaterialOnly(sheet, { product: blank(400, 300) }).tiers;
    expect(tier.unitPrice.value).toBe('6.67');
    const line = tier.material.unit.inputs['material line 1: 1.4301 sheet'];
    expect(line).toMatchObject({ formula: '100.00 €/sheet ÷ 15 blanks per sheet' });
    const blanks = typeof line === 'string' ? null : line.inputs['blanks per sheet'];
    expect(blanks).toMatchObject({ value: '15', formula: 'max(⌊1,000 ÷ 400⌋ × ⌊2,000 ÷ 300⌋, ⌊1,000 ÷ 300⌋ × ⌊2,000 ÷ 400⌋) = max(2 × 6, 3 × 5)' });
  });

  it('keeps the blank as given when that fits more', () => {
    // Blank 300 × 400 mm: as given 3 × 5 = 15 ← best, turned 2 × 6 = 12; 100.00 ÷ 15 → 6.67 €
    const [tier] = priceMaterialOnly(sheet, { product: blank(300, 400) }).tiers;
    expect(tier.unitPrice.value).toBe('6.67');
    // Blank 450 × 600 mm: as given ⌊1000 ÷ 450⌋ × ⌊2000 ÷ 600⌋ = 2 × 3 = 6 ← best, turned 1 × 4 = 4
    // 100.00 € ÷ 6 = 16.666… → 16.67 €
    expect(priceMaterialOnly(sheet, { product: blank(450, 600) }).tiers[0].unitPrice.value).toBe('16.67');
  });

  it('counts the added width and length when nesting', () => {
    // 490 + 10 = 500 and 390 + 10 = 400: as given ⌊1000 ÷ 500⌋ × ⌊2000 ÷ 400⌋ = 2 × 5 = 10,
    // turned ⌊1000 ÷ 400⌋ × ⌊2000 ÷ 500⌋ = 2 × 4 = 8; 100.00 ÷ 10 = 10.00 €
    const product = { blank: { width: 490, length: 390, addedWidth: 10, addedLength: 10, thickness: 1.5 } };
    expect(priceMaterialOnly(sheet, { product }).tiers[0].unitPrice.value).toBe('10.00');
  });

  it('refuses a blank larger than the sheet', () => {
    expect(errorOf(() => priceMaterialOnly(sheet, { product: blank(1100, 2100) }))).toMatchObject({
      code: 'blank-does-not-fit-sheet',
      message: 'The blank 1,100 × 2,100 mm does not fit a 1.4301 sheet sheet of 1,000 × 2,000 mm',
    });
  });
});
