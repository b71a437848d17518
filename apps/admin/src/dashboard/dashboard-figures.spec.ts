import { conversionText, intervalOf, nothingCounted, statusBars } from './dashboard-figures';

describe('dashboard figures', () => {
  it('reads the interval from the address, the last 30 days otherwise', () => {
    expect(intervalOf('qtd')).toBe('qtd');
    expect(intervalOf('today')).toBe('today');
    for (const value of [null, undefined, '', '7d', 'QTD', '__proto__']) expect(intervalOf(value)).toBe('30d');
  });

  it('gives every status its label key and chip colour, in the order the API sends', () => {
    expect(statusBars('order', [{ status: 'draft', count: 2 }, { status: 'ordered', count: 1 }, { status: 'declined', count: 0 }])).toEqual([
      { status: 'draft', label: 'fabquote.status.order.draft', count: 2, color: 'default' },
      { status: 'ordered', label: 'fabquote.status.order.ordered', count: 1, color: 'success' },
      { status: 'declined', label: 'fabquote.status.order.declined', count: 0, color: 'error' },
    ]);
    expect(statusBars('product', [{ status: 'creation_stopped', count: 3 }])[0]).toMatchObject({ label: 'fabquote.status.product.creation_stopped', color: 'error' });
  });

  it('knows an interval with nothing counted', () => {
    expect(nothingCounted([{ count: 0 }, { count: 0 }])).toBe(true);
    expect(nothingCounted([])).toBe(true);
    expect(nothingCounted([{ count: 0 }, { count: 1 }])).toBe(false);
  });

  it('writes the conversion rate as a percentage in the reader\'s language', () => {
    expect(conversionText(0.3333, 'en')).toBe('33.3%');
    expect(conversionText(0.3333, 'de')).toBe('33,3\u00a0%');
    expect(conversionText(1, 'de')).toBe('100\u00a0%');
    // The API's rate is rounded once, to a tenth of a percent (7 of 13: 0.538): shown as it is.
    expect(conversionText(0.538, 'en')).toBe('53.8%');
    expect(conversionText(null, 'en')).toBe('--');
  });
});
