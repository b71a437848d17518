import { contourChanges, countProblem, counted, rowCount } from './geometry-rows';

describe('geometry rows with a count', () => {
  it('writes a row of four holes the way a drawing does, and a row of one as its measure', () => {
    expect(counted(4, 'Ø 8 mm')).toBe('4 × Ø 8 mm');
    expect(counted(1, 'Ø 8 mm')).toBe('Ø 8 mm');
  });

  it('takes an empty count as one', () => {
    expect([rowCount({ count: 4 }), rowCount({ count: null }), rowCount({})]).toEqual([4, 1, 1]);
  });

  it('sends an outer contour with count 1, an inner contour with its own', () => {
    expect(contourChanges({ kind: 'outer', length: 400, count: 3 })).toEqual({ kind: 'outer', length: 400, count: 1 });
    expect(contourChanges({ kind: 'inner', length: 60, count: 3 })).toEqual({ kind: 'inner', length: 60, count: 3 });
  });

  it('takes a whole count from 1, or none', () => {
    expect([countProblem(''), countProblem(null), countProblem(1), countProblem('4')]).toEqual([undefined, undefined, undefined, undefined]);
    expect([countProblem(0), countProblem(1.5), countProblem(-2)]).toEqual(Array(3).fill('resources.products.geometry_rows.count_invalid'));
  });
});
