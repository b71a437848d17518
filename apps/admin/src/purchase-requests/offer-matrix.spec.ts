import type { PurchaseRequestAward, SupplierOffer, SupplierOfferPrice, SupplierOfferRating } from '../api/contracts';
import {
  askedLines,
  cellKey,
  columnGroups,
  matrixRows,
  nextSort,
  productColumns,
  productKey,
  sortRows,
  weightShares,
} from './offer-matrix';

const products = [{ productId: 'p1', productNumber: 'BR-90', productName: 'Bracket 90', quantities: [10, 50, 200] }];
const operations = [{ id: 'op', productId: 'p1', productName: 'Bracket 90', operationName: 'Powder coating', sorting: 10 }];
const parts = [{ id: 'pt', productId: 'p1', productName: 'Bracket 90', partName: 'Press nut M5', partNumber: 'PN-M5', quantity: 2 }];

const offer = (id: string, supplierName: string, extra: Partial<SupplierOffer> = {}): SupplierOffer =>
  ({
    id,
    purchaseRequestId: 'pr',
    supplierId: `s-${id}`,
    supplierName,
    revision: 1,
    latest: true,
    shippingDate: '2031-03-01',
    packagingCost: 0,
    shippingCost: 0,
    customsCost: 0,
    leadTimeDays: 10,
    additionalInformation: null,
    language: 'en',
    submittedAt: '2031-01-01T00:00:00Z',
    revisions: 1,
    stars: null,
    trophy: false,
    rating: null,
    ...extra,
  }) as SupplierOffer;

const ratingRow = (supplierOfferId: string, lineId: string | null, quantity: number, landedUnitPrice: number, extra: Partial<SupplierOfferRating> = {}) =>
  ({
    id: `${supplierOfferId}-${lineId}-${quantity}`,
    supplierOfferId,
    lineId,
    lineKind: lineId === 'op' ? 'operation' : lineId ? 'part' : null,
    quantity,
    landedUnitPrice,
    unitPrice: lineId ? landedUnitPrice - 0.1 : null,
    best: false,
    band: 1,
    percentAboveBest: 0,
    explanations: { landed: `Landed ${landedUnitPrice}`, band: 'within 5 %' },
    ...extra,
  }) as SupplierOfferRating;

describe('the lines of the matrix', () => {
  it('lists operations before parts, a part at the product quantities times its pieces per product', () => {
    expect(askedLines(products, operations, parts)).toEqual([
      { kind: 'operation', id: 'op', name: 'Bracket 90 – Powder coating', quantities: [10, 50, 200], productId: 'p1', perProduct: 1 },
      { kind: 'part', id: 'pt', name: 'Bracket 90 – Press nut M5 (PN-M5)', quantities: [20, 100, 400], productId: 'p1', perProduct: 2 },
    ]);
  });

  it('groups the columns per line; no "total per quantity" adding up lines of different products', () => {
    const lines = askedLines(products, operations, parts);
    expect(columnGroups(lines).map((group) => [group.id, group.quantities])).toEqual([
      ['op', [10, 50, 200]],
      ['pt', [20, 100, 400]],
    ]);
  });

  it('keys a cell by its group and quantity, 10 and "10.0" alike', () => {
    expect(cellKey('op', '10.0')).toBe(cellKey('op', 10));
    expect(cellKey('op', 0.33333)).toBe('op@0.3333');
  });
});

describe('the rows of the matrix', () => {
  const lines = askedLines(products, operations, parts);
  const offers = [
    offer('a', 'Alpha', { stars: 5, trophy: true, rating: { rank: 1 } as SupplierOffer['rating'], leadTimeDays: 12, packagingCost: 5, shippingCost: 2.5 }),
    offer('b', 'Beta', { stars: 3, rating: { rank: 2 } as SupplierOffer['rating'], leadTimeDays: 5 }),
    offer('c', 'Gamma', { leadTimeDays: null }),
  ];
  const ratings = [
    ratingRow('a', 'op', 10, 4.35, { best: true }),
    ratingRow('a', null, 10, 4.35, { best: true }),
    ratingRow('b', 'op', 10, 5, { band: 2, percentAboveBest: 14.95 }),
    ratingRow('b', 'op', 50, 3.9, { best: true }),
  ];
  const prices = [{ id: 'x', supplierOfferId: 'c', purchaseRequestOperationId: 'op', purchaseRequestPartId: null, quantity: 10, unitPrice: 3.5 } as SupplierOfferPrice];
  const awards = [{ id: 'w', supplierId: 's-b', lineId: 'op', kind: 'operation', active: true } as PurchaseRequestAward];
  const rows = matrixRows(offers, lines, ratings, prices, awards);

  it('gives each cell its landed price, band and best mark from the rating, the costs summed', () => {
    expect(rows[0].cells[cellKey('op', 10)]).toEqual({
      landed: 4.35,
      landedExact: '4.35',
      unitPrice: 4.25,
      best: true,
      band: 1,
      percentAboveBest: 0,
      explanations: ['Landed 4.35', 'within 5 %'],
      awarded: false,
    });
    // The per-quantity rows (no line) are not cells: they summed lines of different products.
    expect(Object.keys(rows[0].cells)).toEqual([cellKey('op', 10)]);
    expect(rows[0].costs).toBe(7.5);
    expect(rows[0].pricedLines.map((line) => line.id)).toEqual(['op']);
  });

  it("shows an offer not rated yet with the supplier's unit price and no band", () => {
    expect(rows[2].cells[cellKey('op', 10)]).toMatchObject({ landed: null, unitPrice: 3.5, band: null, best: false });
  });

  it("marks the cells of a line awarded to the row's supplier", () => {
    expect(rows[1].cells[cellKey('op', 10)].awarded).toBe(true);
    expect(rows[1].awards.map((award) => award.id)).toEqual(['w']);
    expect(rows[0].awards).toEqual([]);
  });

  it('sorts by rank at first, then by a cell, stars or lead time; what a row lacks comes last either way', () => {
    const names = (sorted: typeof rows) => sorted.map((row) => row.offer.supplierName);
    expect(names(sortRows(rows, { key: 'rank', order: 'asc' }))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(names(sortRows(rows, { key: `cell:${cellKey('op', 10)}`, order: 'asc' }))).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(names(sortRows(rows, { key: `cell:${cellKey('op', 10)}`, order: 'desc' }))).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(names(sortRows(rows, { key: `cell:${cellKey('op', 50)}`, order: 'desc' }))).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(names(sortRows(rows, { key: 'leadTime', order: 'asc' }))).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(names(sortRows(rows, { key: 'leadTime', order: 'desc' }))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(names(sortRows(rows, { key: 'stars', order: 'desc' }))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(names(sortRows(rows, { key: 'supplier', order: 'desc' }))).toEqual(['Gamma', 'Beta', 'Alpha']);
  });

  it('sorts a header the best way first, and the other way on the next click', () => {
    expect(nextSort({ key: 'rank', order: 'asc' }, 'stars')).toEqual({ key: 'stars', order: 'desc' });
    expect(nextSort({ key: 'rank', order: 'asc' }, 'leadTime')).toEqual({ key: 'leadTime', order: 'asc' });
    expect(nextSort({ key: 'leadTime', order: 'asc' }, 'leadTime')).toEqual({ key: 'leadTime', order: 'desc' });
  });
});

describe('the legend', () => {
  it('shows the weights as shares of their sum', () => {
    expect(weightShares({ price: 0.6, delivery: 0.25, completeness: 0.15 })).toEqual({ price: 60, delivery: 25, completeness: 15 });
    expect(weightShares({ price: 2, delivery: 1, completeness: 1 })).toEqual({ price: 50, delivery: 25, completeness: 25 });
    expect(weightShares(null)).toEqual({ price: 60, delivery: 25, completeness: 15 });
    expect(weightShares({ price: 0, delivery: 0, completeness: 0 })).toEqual({ price: 60, delivery: 25, completeness: 15 });
  });
});

describe('the landed total per product', () => {
  /*
   * The worked example: two products. Bracket 90 (p1) asks 10 and 50, with its coating (an operation)
   * and two press nuts per bracket (20 and 100 nuts). Door 50 (p2) asks 50, with its laser cutting.
   * The old "total per quantity" added the bracket's coating at 50 and the door's cutting at 50, which
   * share a piece count and nothing else.
   *
   * Alpha: coating 6.00 / 3.90 landed, nuts 1.50 / 0.60 landed (the award tests' figures: 4.00 / 3.50 and
   * 0.50 / 0.40 plus 40 of costs split over two lines), door cutting not priced.
   *   Bracket at 10: 6.00 × 10 + 1.50 × 20 = 60 + 30 = 90.00
   *   Bracket at 50: 3.90 × 50 + 0.60 × 100 = 195 + 60 = 255.00
   * Beta: coating 5.50 / 4.00, nuts 1.3333… (a third of 4, 30 places) / 0.55, door cutting 2.70 at 50.
   *   Bracket at 10: 55 + 1.333…333 × 20 = 55 + 26.666…66 = 81.666…66 → the best at 10
   *   Bracket at 50: 200 + 55 = 255.00 → tied with Alpha, both best
   *   Door at 50: 2.70 × 50 = 135.00, the only one → best
   * Gamma prices only the coating: no bracket total (1 of 2 lines), never the best.
   */
  const twoProducts = [
    { productId: 'p1', productNumber: 'BR-90', productName: 'Bracket 90', quantities: [10, 50] },
    { productId: 'p2', productNumber: 'DO-50', productName: 'Door 50', quantities: [50] },
  ];
  const lines = askedLines(
    twoProducts,
    [
      { id: 'op', productId: 'p1', productName: 'Bracket 90', operationName: 'Powder coating', sorting: 10 },
      { id: 'cut', productId: 'p2', productName: 'Door 50', operationName: 'Laser cutting', sorting: 10 },
    ],
    [{ id: 'pt', productId: 'p1', productName: 'Bracket 90', partName: 'Press nut M5', partNumber: 'PN-M5', quantity: 2 }],
  );
  const columns = productColumns(twoProducts, lines);
  const third = '1.333333333333333333333333333333';
  const rated = (offerId: string, lineId: string, quantity: number, landedUnitPrice: number | string) =>
    ratingRow(offerId, lineId, quantity, 0, { landedUnitPrice: landedUnitPrice as number, unitPrice: 0 });
  const ratings = [
    rated('a', 'op', 10, '6.00'),
    rated('a', 'op', 50, '3.9'),
    rated('a', 'pt', 20, '1.5'),
    rated('a', 'pt', 100, '0.6'),
    rated('b', 'op', 10, '5.5'),
    rated('b', 'op', 50, '4'),
    rated('b', 'pt', 20, third),
    rated('b', 'pt', 100, '0.55'),
    rated('b', 'cut', 50, '2.7'),
    rated('c', 'op', 10, '4'),
    ratingRow('a', null, 50, 999),
  ];
  const offers = [offer('a', 'Alpha'), offer('b', 'Beta'), offer('c', 'Gamma')];
  const rows = matrixRows(offers, lines, ratings, [], [], columns);
  const total = (row: number, product: string, quantity: number) => rows[row].totals[productKey(product, quantity)];

  it('groups the lines by requested product, at the product\'s quantities', () => {
    expect(columns.map((column) => [column.productId, column.name, column.quantities, column.lines.map((line) => line.id)])).toEqual([
      ['p1', 'BR-90 Bracket 90', [10, 50], ['op', 'pt']],
      ['p2', 'DO-50 Door 50', [50], ['cut']],
    ]);
  });

  it("sums each of the product's lines at its pieces, exactly, and marks the lowest", () => {
    expect(total(0, 'p1', 10)).toEqual({ total: '90', linesAsked: 2, linesPriced: 2, best: false });
    expect(total(1, 'p1', 10)).toEqual({ total: '81.66666666666666666666666666666', linesAsked: 2, linesPriced: 2, best: true });
    expect(total(0, 'p1', 50)).toMatchObject({ total: '255', best: true });
    expect(total(1, 'p1', 50)).toMatchObject({ total: '255', best: true });
    expect(total(1, 'p2', 50)).toEqual({ total: '135', linesAsked: 1, linesPriced: 1, best: true });
  });

  it('gives an offer leaving a line of the product open no total, and says how many it prices', () => {
    expect(total(2, 'p1', 10)).toEqual({ total: null, linesAsked: 2, linesPriced: 1, best: false });
    expect(total(0, 'p2', 50)).toEqual({ total: null, linesAsked: 1, linesPriced: 0, best: false });
  });

  it('sorts by a product total, what has none last', () => {
    const names = sortRows(rows, { key: `product:${productKey('p1', 10)}`, order: 'asc' }).map((row) => row.offer.supplierName);
    expect(names).toEqual(['Beta', 'Alpha', 'Gamma']);
  });
});
