import { AssemblyCycleError, assertNoAssemblyCycle, Factor, Figure, findAssemblyCycle, PricingError, PricingRequest, priceProduct, Product } from './index';

/** Follows named inputs down an explanation, as the admin does line by line. */
function inputAt(figure: Figure, ...path: string[]): Figure {
  return path.reduce((current, name) => {
    const input = current.inputs[name];
    if (input === undefined || typeof input === 'string') throw new Error(`no figure "${name}" in ${Object.keys(current.inputs).join(', ')}`);
    return input;
  }, figure);
}

/**
 * Housing (level 1) = 2 doors + 4 screws + 10 min assembly
 * Door (level 2)    = 3 hinge plates + 6 min welding
 * Hinge plate (3)   = a 1.00 € blank + 3 min on the laser, whose setup is 24.00 € per order
 * All work at 60 €/h.
 */
const hingePlate: Product = {
  id: 'plate',
  name: 'Hinge plate',
  materials: [{ materialId: 'blank', usagePerUnit: 1 }],
  operations: [{ name: 'Laser cutting', assetId: 'laser', timePerUnit: 3, hourlyRate: 60 }],
};
const door: Product = {
  id: 'door',
  name: 'Door',
  operations: [{ name: 'Welding', timePerUnit: 6, hourlyRate: 60 }],
  parts: [{ kind: 'sub-assembly', productId: 'plate', quantity: 3 }],
};
const housing: Product = {
  id: 'housing',
  name: 'Housing',
  number: 'H-1',
  operations: [{ name: 'Assembly', timePerUnit: 10, hourlyRate: 60 }],
  parts: [
    { kind: 'sub-assembly', productId: 'door', quantity: 2 },
    { kind: 'part', partId: 'screw', quantity: 4 },
  ],
};

function priceHousing(quantities: number[], factors: Factor[] = [], product: Product = housing, products: Product[] = [door, hingePlate]) {
  const request: PricingRequest = {
    date: '2026-05-15',
    quantities,
    product,
    prices: {
      products,
      materials: [{ id: 'blank', name: 'Blank', priceUnit: 'piece', pricePerUnit: '1.00' }],
      assets: [{ id: 'laser', name: 'Laser', calculateByTime: true, prices: [{ quantity: 1, inputCost: 0, setupCost: 24, programCost: 0, price: 0 }] }],
      parts: [{ id: 'screw', name: 'Screw M6', ownCost: '0.25' }],
      factors,
    },
  };
  return priceProduct(request).tiers;
}

describe('a 3-level assembly', () => {
  it('prices each sub-assembly at pieces × quantity, so its setup spreads over its own order', () => {
    const [one, ten] = priceHousing([1, 10]);
    // 10 housings → 20 doors → 60 hinge plates.
    //   hinge plate at 60: 1.00 material + 3 min ÷ 60 × 60 = 3.00 labor + 24.00 ÷ 60 = 0.40 setup = 4.40
    //   door at 20:        6.00 labor + 3 × 4.40 = 13.20 purchase                           = 19.20
    //   housing at 10:     10.00 labor + 2 × 19.20 = 38.40 + 4 × 0.25 = 1.00 purchase        = 49.40
    expect(ten.labor.unit.value).toBe('10.00');
    expect(ten.purchase.unit.value).toBe('39.40');
    expect(ten.unitPrice.value).toBe('49.40');
    expect(ten.totalPrice.value).toBe('494.00');
    // 1 housing → 2 doors → 6 plates: plate 1.00 + 3.00 + 24.00 ÷ 6 = 8.00; door 6.00 + 3 × 8.00 = 30.00;
    // housing 10.00 + 2 × 30.00 + 1.00 = 71.00
    expect(one.unitPrice.value).toBe('71.00');
  });

  it('explains a sub-assembly line down to the bottom level', () => {
    const [ten] = priceHousing([10]);
    const doorLine = inputAt(ten.purchase.unit, 'sub-assemblies', 'part line 1: Door');
    expect(doorLine).toMatchObject({ formula: '2 × 19.20 €' });
    const doorCost = inputAt(doorLine, 'cost per piece of Door at 20 pieces');
    expect(doorCost).toMatchObject({ value: '19.20', formula: '0.00 + 6.00 + 13.20 + 0.00 + 0.00' });
    const plate = inputAt(doorCost, 'purchase', 'part line 1: Hinge plate', 'cost per piece of Hinge plate at 60 pieces');
    expect(plate).toMatchObject({ value: '4.40', formula: '1.00 + 3.00 + 0.00 + 24.00 ÷ 60 + 0.00' });
    expect(inputAt(plate, 'setup per order', 'operation 1: Laser cutting')).toMatchObject({ formula: '24 € setup + 0 € input' });
  });

  it('applies each factor once: its scope at every level, the total only at the top', () => {
    const [ten] = priceHousing(
      [10],
      [
        { name: 'Steel surcharge', value: '1.10', scope: 'material' },
        { name: 'Handling', value: '1.10', scope: 'purchase' },
        { name: 'Margin', value: '2', scope: 'total' },
      ],
    );
    // plate: 1.00 × 1.10 = 1.10 + 3.00 + 0.40 = 4.50; door: 6.00 + 3 × 4.50 = 19.50
    // housing: screws 1.00 × 1.10 = 1.10 (sub-assemblies are not handled again) + 2 × 19.50 = 40.10 purchase;
    // (10.00 + 40.10) × 2 = 100.20
    expect(ten.purchase.unit.value).toBe('40.10');
    expect(ten.unitPrice.value).toBe('100.20');
  });

  it('prices a sub-assembly used on two lines once per quantity', () => {
    const twoDoors: Product = {
      ...housing,
      parts: [
        { kind: 'sub-assembly', productId: 'door', quantity: 1 },
        { kind: 'sub-assembly', productId: 'door', quantity: 1 },
        { kind: 'part', partId: 'screw', quantity: 4 },
      ],
    };
    // Each line orders its own 10 doors → 30 plates: plate 1.00 + 3.00 + 24.00 ÷ 30 = 4.80;
    // door 6.00 + 3 × 4.80 = 20.40; housing 10.00 + 20.40 + 20.40 + 1.00 = 51.80
    expect(findAssemblyCycle(twoDoors, [door, hingePlate])).toBeNull();
    expect(priceHousing([10], [], twoDoors)[0].unitPrice.value).toBe('51.80');
  });
});

describe('sub-assembly cycles', () => {
  const a: Product = { id: 'a', name: 'Frame', number: 'F-1', parts: [{ kind: 'sub-assembly', productId: 'b', quantity: 1 }] };
  const b: Product = { id: 'b', name: 'Panel', parts: [{ kind: 'sub-assembly', productId: 'c', quantity: 2 }] };
  const c: Product = { id: 'c', name: 'Bracket', parts: [{ kind: 'sub-assembly', productId: 'a', quantity: 1 }] };

  it('are refused with the products round the cycle', () => {
    let error: unknown;
    try {
      priceHousing([1], [], a, [b, c]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AssemblyCycleError);
    expect(error).toBeInstanceOf(PricingError);
    expect(error).toMatchObject({
      code: 'assembly-cycle',
      productIds: ['a', 'b', 'c', 'a'],
      message: 'Sub-assembly cycle: Frame (F-1) → Panel → Bracket → Frame (F-1). A product cannot contain itself.',
    });
  });

  it('include a product that contains itself', () => {
    const selfish: Product = { id: 's', name: 'Loop', parts: [{ kind: 'sub-assembly', productId: 's', quantity: 1 }] };
    expect(() => assertNoAssemblyCycle(selfish, [])).toThrow('Sub-assembly cycle: Loop → Loop. A product cannot contain itself.');
  });

  it('are found before saving: the edited product replaces its stored copy', () => {
    // Stored, the bracket is harmless; edited to contain the frame, it would close a cycle.
    const storedBracket: Product = { id: 'c', name: 'Bracket' };
    expect(findAssemblyCycle(a, [b, storedBracket])).toBeNull();
    expect(findAssemblyCycle(c, [a, b, storedBracket])?.map((product) => product.id)).toEqual(['c', 'a', 'b', 'c']);
  });

  it('an unknown sub-assembly is an error, not a cycle', () => {
    expect(() => findAssemblyCycle(a, [])).toThrow('Frame uses sub-assembly b, which is not in the price data');
  });
});
