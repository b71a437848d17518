import { defaultOperationLines, holeAsksThrough, holeChanges, holeMeasures, nextSorting, operationsInOfferOrder, partLineKind, productPartChanges } from './product-record';

describe('product part lines', () => {
  it('sends a part line without a sub-assembly and drops the form-only choice', () => {
    expect(productPartChanges({ productId: 'p', lineKind: 'part', partId: 'nut', subProductId: 'door', quantity: 8 })).toEqual({
      productId: 'p',
      partId: 'nut',
      subProductId: null,
      quantity: 8,
    });
  });

  it('sends a sub-assembly line without a part', () => {
    expect(productPartChanges({ productId: 'p', lineKind: 'sub_assembly', partId: 'nut', subProductId: 'door', quantity: 1 })).toEqual({
      productId: 'p',
      partId: null,
      subProductId: 'door',
      quantity: 1,
    });
  });

  it('keeps the kind a line already has when the form did not say', () => {
    expect(productPartChanges({ subProductId: 'door', quantity: 1 })).toEqual({ partId: null, subProductId: 'door', quantity: 1 });
    expect(partLineKind({ subProductId: 'door' })).toBe('sub_assembly');
    expect(partLineKind({ subProductId: null })).toBe('part');
    expect(partLineKind(undefined)).toBe('part');
  });
});

describe('holes', () => {
  it('gives a plain hole its diameter, and a depth only when blind', () => {
    expect(holeMeasures('hole', true)).toEqual(['diameter']);
    expect(holeMeasures('hole', false)).toEqual(['diameter', 'depth']);
  });

  it('gives a thread its size (the diameter) and depth', () => {
    expect(holeMeasures('thread', false)).toEqual(['diameter', 'depth']);
    expect(holeMeasures('thread', true)).toEqual(['diameter', 'depth']);
  });

  it('gives a counterbore or countersink inner and outer diameters and depths', () => {
    expect(holeMeasures('counterbore', true)).toEqual(['innerDiameter', 'outerDiameter', 'innerDepth', 'outerDepth']);
    expect(holeMeasures('countersink', false)).toEqual(['innerDiameter', 'outerDiameter', 'innerDepth', 'outerDepth']);
  });

  it('asks whether a plain hole goes through; a thread or recess goes through unless its bore has a depth', () => {
    expect(['hole', 'thread', 'counterbore', 'countersink'].map(holeAsksThrough)).toEqual([true, false, false, false]);
    expect(holeChanges({ kind: 'thread', through: false, diameter: 8, depth: null })).toMatchObject({ through: true, diameter: 8 });
    expect(holeChanges({ kind: 'thread', through: true, diameter: 8, depth: 12 })).toMatchObject({ through: false, depth: 12 });
    expect(holeChanges({ kind: 'counterbore', through: true, innerDiameter: 6.6, outerDiameter: 11, innerDepth: 4, outerDepth: 2 })).toMatchObject({ through: false });
  });

  it('keeps the diameter of a counterbore stored with only a diameter as its inner diameter', () => {
    expect(holeChanges({ kind: 'counterbore', through: true, diameter: 6.6, innerDiameter: null, outerDiameter: 11 })).toEqual({
      kind: 'counterbore',
      through: true,
      diameter: null,
      innerDiameter: 6.6,
      outerDiameter: 11,
    });
  });

  it('clears the measures the chosen kind does not have', () => {
    const form = { kind: 'hole', through: true, diameter: 5, innerDiameter: 5.5, outerDiameter: 10, depth: 3, innerDepth: 2, outerDepth: 5.5 };
    expect(holeChanges(form)).toEqual({ kind: 'hole', through: true, diameter: 5, innerDiameter: null, outerDiameter: null, depth: null, innerDepth: null, outerDepth: null });
  });

  it('leaves measures the form never had alone', () => {
    expect(holeChanges({ kind: 'countersink', through: true, innerDiameter: 5.5, outerDiameter: 10.4 })).toEqual({
      kind: 'countersink',
      through: true,
      innerDiameter: 5.5,
      outerDiameter: 10.4,
    });
  });
});

describe('operation lines', () => {
  const operations = [
    { id: 'weld', name: 'Welding', quickSelectProductPage: false, quickSelectDefault: false },
    { id: 'laser', name: 'Laser cutting', fabNumber: 'OP-10', quickSelectProductPage: true, quickSelectDefault: true },
    { id: 'deburr', name: 'Deburring', quickSelectProductPage: true, quickSelectDefault: false },
    { id: 'bend', name: 'Bending', fabNumber: 'OP-20', quickSelectProductPage: true, quickSelectDefault: true },
    { id: 'mark', name: 'Marking', fabNumber: null, quickSelectProductPage: false, quickSelectDefault: true },
    { id: 'tap', name: 'Tapping', fabNumber: 'OP-100', quickSelectProductPage: false, quickSelectDefault: true },
    { id: 'coat', name: 'Coating', quickSelectProductPage: null, quickSelectDefault: null },
  ];

  it('numbers a new line ten after the highest, rounding to the next ten', () => {
    expect(nextSorting([])).toBe(10);
    expect(nextSorting([{ sorting: 10 }, { sorting: 30 }, { sorting: null }])).toBe(40);
    expect(nextSorting([{ sorting: 25 }])).toBe(30);
    expect(nextSorting([{ sorting: '20' }])).toBe(30);
  });

  it('offers the quick-select operations first, each group by name', () => {
    expect(operationsInOfferOrder(operations).map((operation) => operation.id)).toEqual(['bend', 'deburr', 'laser', 'coat', 'mark', 'tap', 'weld']);
  });

  it('adds the default operations a product lacks after its existing lines, in the order of their fabrication numbers', () => {
    expect(defaultOperationLines(operations, [{ operationId: 'laser', sorting: 10 }, { operationId: 'mark', sorting: 15 }])).toEqual([
      { operationId: 'bend', sorting: 20 },
      { operationId: 'tap', sorting: 30 },
    ]);
    // OP-10 before OP-20 before OP-100 (numeric, not text order); without a number last.
    expect(defaultOperationLines(operations, [])).toEqual([
      { operationId: 'laser', sorting: 10 },
      { operationId: 'bend', sorting: 20 },
      { operationId: 'tap', sorting: 30 },
      { operationId: 'mark', sorting: 40 },
    ]);
  });
});
