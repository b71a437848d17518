import { TierSummary } from './calculation-record';
import { drawn, stackedSeries } from './stacked-bars';

const tier = (quantity: number, parts: Partial<TierSummary>): TierSummary => ({
  quantity,
  material: '0.00',
  labor: '0.00',
  purchase: '0.00',
  setup: '0.00',
  program: '0.00',
  unitPrice: '0.00',
  totalPrice: '0.00',
  ...parts,
});

// The door panel at 1 and 5 pieces: material 5.46, labor 1.82, setup 80 ÷ q, program 20 ÷ q; unit price × 1.15 overhead.
const tiers = [
  tier(1, { material: '5.46', labor: '1.82', setup: '80.00', program: '20.00', unitPrice: '123.38' }),
  tier(5, { material: '5.46', labor: '1.82', setup: '16.00', program: '4.00', unitPrice: '31.38' }),
];

describe('the stacked bars', () => {
  it('stacks the components in their order, one value per tier, as the calculation gave them', () => {
    const series = stackedSeries(tiers);
    expect(series.quantities).toEqual([1, 5]);
    expect(series.components.map((component) => component.component)).toEqual(['material', 'labor', 'purchase', 'setup', 'program']);
    expect(series.components[0]).toMatchObject({ heights: [5.46, 5.46], values: ['5.46', '5.46'] });
    expect(series.components[3]).toMatchObject({ heights: [80, 16], values: ['80.00', '16.00'] });
  });

  it('marks the unit price, which the factors on the total lift above the stack', () => {
    expect(stackedSeries(tiers).unitPrices).toEqual([123.38, 31.38]);
  });

  it('gives each amount its share of the stack', () => {
    const [material] = stackedSeries(tiers).components;
    // 5.46 of 107.28 at one piece, 5.46 of 27.28 at five.
    expect(material.shares[0]).toBeCloseTo(5.0895, 3);
    expect(material.shares[1]).toBeCloseTo(20.0147, 3);
  });

  it('scales every bar to 100 % in share mode, without the unit price marker', () => {
    const series = stackedSeries(tiers, 'share');
    for (const index of [0, 1]) {
      expect(series.components.reduce((sum, component) => sum + component.heights[index], 0)).toBeCloseTo(100, 9);
    }
    expect(series.unitPrices).toEqual([null, null]);
  });

  it('draws unreadable or negative amounts as nothing, and gives an empty stack no share', () => {
    expect([drawn('-3'), drawn('abc'), drawn(''), drawn(undefined), drawn(null), drawn('2.5')]).toEqual([0, 0, 0, 0, 0, 2.5]);
    const series = stackedSeries([tier(10, { unitPrice: 'n/a' })]);
    expect(series.components.every((component) => component.shares[0] === 0 && component.heights[0] === 0)).toBe(true);
    expect(series.unitPrices).toEqual([null]);
  });

  it('has nothing to draw for a calculation without tiers', () => {
    expect(stackedSeries([])).toEqual({ quantities: [], components: expect.any(Array), unitPrices: [] });
  });
});
