import type { PurchaseRequestAward, SupplierOffer, SupplierOfferPrice, SupplierOfferRating } from '../api/contracts';
import {
  askedLines,
  cellKey,
  columnGroups,
  matrixRows,
  nextSort,
  sortRows,
  TOTAL,
  weightShares,
} from './offer-matrix';

const products = [{ productId: 'p1', productNumber: 'BR-90', quantities: [10, 50, 200] }];
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
      { kind: 'operation', id: 'op', name: 'Bracket 90 – Powder coating', quantities: [10, 50, 200] },
      { kind: 'part', id: 'pt', name: 'Bracket 90 – Press nut M5 (PN-M5)', quantities: [20, 100, 400] },
    ]);
  });

  it('groups the columns per line, and adds the totals per quantity only for several lines', () => {
    const lines = askedLines(products, operations, parts);
    expect(columnGroups(lines).map((group) => [group.id, group.quantities])).toEqual([
      ['op', [10, 50, 200]],
      ['pt', [20, 100, 400]],
      [TOTAL, [10, 20, 50, 100, 200, 400]],
    ]);
    expect(columnGroups(lines.slice(0, 1)).map((group) => group.id)).toEqual(['op']);
  });

  it('keys a cell by its group and quantity, 10 and "10.0" alike', () => {
    expect(cellKey('op', '10.0')).toBe(cellKey('op', 10));
    expect(cellKey(TOTAL, 0.33333)).toBe('total@0.3333');
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
    expect(rows[0].cells[cellKey('op', 10)]).toEqual({ landed: 4.35, unitPrice: 4.25, best: true, band: 1, percentAboveBest: 0, explanations: ['Landed 4.35', 'within 5 %'], awarded: false });
    expect(rows[0].cells[cellKey(TOTAL, 10)]).toMatchObject({ landed: 4.35, unitPrice: null, best: true });
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
