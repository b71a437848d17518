import { Figure } from './calculation-record';
import { exactOnDemand, expandablePaths, explanationRows, formatExact, formatFigure, MAX_DEPTH, toggledPaths } from './figure-explanation';

const figure = (value: string, unit: string, formula: string, inputs: Figure['inputs'] = {}): Figure => ({ value, exact: value, unit, formula, inputs });

// The door panel's material per piece, as the engine explains it.
const usage = figure('1.3002', 'kg', '385 mm × 285 mm × 1.5 mm × 7.9 g/cm³ ÷ 1,000,000', {
  density: '7.9 g/cm³',
  thickness: '1.5 mm',
});
const price = figure('4.20', 'EUR/kg', 'group price of 1.4301 stainless, valid from 2026-01-01');
const line = figure('5.461', 'EUR', '1.3002 kg × 4.20 EUR/kg', { price, usage });
const material = figure('5.46', 'EUR', 'Σ 5.461', { 'material line 1: 14301 1.5 mm': line, note: 'one line' });

describe('explaining a figure', () => {
  it('lists the inputs of the figure, closed', () => {
    expect(explanationRows(material, new Set())).toEqual([
      { path: '0', depth: 0, name: 'material line 1: 14301 1.5 mm', figure: line, text: null, expandable: true, expanded: false },
      { path: '1', depth: 0, name: 'note', figure: null, text: 'one line', expandable: false, expanded: false },
    ]);
  });

  it('shows the inputs of an opened input under it, to any depth', () => {
    const rows = explanationRows(material, new Set(['0', '0.1']));
    expect(rows.map((row) => [row.path, row.depth, row.name])).toEqual([
      ['0', 0, 'material line 1: 14301 1.5 mm'],
      ['0.0', 1, 'price'],
      ['0.1', 1, 'usage'],
      ['0.1.0', 2, 'density'],
      ['0.1.1', 2, 'thickness'],
      ['1', 0, 'note'],
    ]);
    // The price is a figure without inputs: its formula says everything, there is nothing to open.
    expect(rows[1]).toMatchObject({ figure: price, expandable: false });
  });

  it('ignores an opened path whose parent is closed', () => {
    expect(explanationRows(material, new Set(['0.1'])).map((row) => row.path)).toEqual(['0', '1']);
  });

  it('knows every path "expand all" opens', () => {
    expect([...expandablePaths(material)].sort()).toEqual(['0', '0.1']);
    expect(explanationRows(material, expandablePaths(material))).toHaveLength(6);
  });

  it('closes a path together with everything opened under it', () => {
    expect([...toggledPaths(new Set(['0', '0.1', '1']), '0')]).toEqual(['1']);
    expect([...toggledPaths(new Set(['1']), '0')].sort()).toEqual(['0', '1']);
  });

  it('stops at a sane depth on a malformed, endlessly nested result', () => {
    let deep = figure('1', '', 'leaf');
    for (let level = 0; level < MAX_DEPTH + 10; level += 1) deep = figure('1', '', `level ${level}`, { inner: deep });
    const rows = explanationRows(deep, expandablePaths(deep));
    expect(rows).toHaveLength(MAX_DEPTH);
    expect(rows[rows.length - 1].expandable).toBe(false);
  });
});

describe('figure values in the reader language', () => {
  it('writes amounts of money in the currency, to the cent', () => {
    expect(formatExact('0.361728', 'EUR', 'de')).toBe('0,361728 EUR');
    expect(formatExact('1234.333333333333333333333333333333', 'mm', 'en')).toBe('1234.333333333333333333333333333333 mm');
    expect(formatExact('12', '', 'de')).toBe('12');
    expect(formatFigure({ value: '5.46', unit: 'EUR' }, 'en')).toBe('€5.46');
    expect(formatFigure({ value: '5.46', unit: 'EUR' }, 'de')).toBe('5,46\u00a0€');
    expect(formatFigure({ value: '5.461', unit: 'EUR' }, 'de')).toBe('5,46\u00a0€');
    // Rounded half up from the exact amount, not again from the display value the engine already rounded (2.1650 would give 2.17).
    expect(formatFigure({ value: '0.3617', exact: '0.361728', unit: 'EUR' }, 'en')).toBe('€0.36');
    expect(formatFigure({ value: '2.1650', exact: '2.164999999999999999999999999999', unit: 'EUR' }, 'en')).toBe('€2.16');
    expect(formatFigure({ value: '2.165', exact: '2.165', unit: 'EUR' }, 'en')).toBe('€2.17');
    expect(formatFigure({ value: '1.005', exact: '1.005', unit: 'EUR' }, 'de')).toBe('1,01\u00a0€');
    expect(formatFigure({ value: '1234.5', unit: 'EUR' }, 'en')).toBe('€1,234.50');
  });

  it('writes a price per unit with its unit', () => {
    expect(formatFigure({ value: '4.20', unit: 'EUR/kg' }, 'de')).toBe('4,20\u00a0€/kg');
    expect(formatFigure({ value: '120', unit: 'EUR/h' }, 'en')).toBe('€120.00/h');
  });

  it('writes measures and counts with their unit', () => {
    expect(formatFigure({ value: '1351.4159', unit: 'mm' }, 'de')).toBe('1.351,4159 mm');
    expect(formatFigure({ value: '3', unit: 'pierces' }, 'en')).toBe('3 pierces');
    expect(formatFigure({ value: '1.15', unit: '' }, 'de')).toBe('1,15');
  });

  it('shows a value it can not read as the engine wrote it', () => {
    expect(formatFigure({ value: 'n/a', unit: 'EUR' }, 'en')).toBe('n/a EUR');
    expect(formatFigure({ value: 'n/a', unit: 'mm' }, 'en')).toBe('n/a mm');
  });

  it('gives the exact value on demand only when the shown one leaves digits out', () => {
    expect(exactOnDemand({ value: '2.1667', exact: '2.166666666666666666666666666667', unit: 'EUR' })).toBe('2.166666666666666666666666666667');
    expect(exactOnDemand({ value: '0.3617', exact: '0.361728', unit: 'EUR' })).toBe('0.361728');
    expect(exactOnDemand({ value: '5.46', exact: '5.46', unit: 'EUR' })).toBeNull();
    expect(exactOnDemand({ value: '5.40', exact: '5.4', unit: 'EUR' })).toBeNull();
    expect(exactOnDemand({ value: '0.1507', exact: '0.15072', unit: 'kg' })).toBe('0.15072');
    expect(exactOnDemand({ value: '120', exact: '120', unit: 'mm' })).toBeNull();
    expect(exactOnDemand({ value: '4.20', exact: '4.2', unit: 'EUR/kg' })).toBeNull();
    expect(exactOnDemand({ value: '3', unit: 'pierces' })).toBeNull();
  });
});
