import { TierSummary } from './calculation-record';
import { layoutStackedBars, niceStep, scaleTicks } from './stacked-bars';

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

describe('the scale', () => {
  it('steps in 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(123.38)).toBe(50);
    expect(niceStep(10)).toBe(2);
    expect(niceStep(0.07)).toBe(0.02);
    expect(niceStep(0)).toBe(1);
  });

  it('ticks from zero to the first step at or above the highest value', () => {
    expect(scaleTicks(123.38)).toEqual([0, 50, 100, 150]);
    expect(scaleTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(scaleTicks(0.07)).toEqual([0, 0.02, 0.04, 0.06, 0.08]);
    expect(scaleTicks(0)).toEqual([0, 1]);
  });
});

describe('the stacked bars', () => {
  // Plot area: x 72…392 (320 wide), y 16…216 (200 high).
  const size = { width: 408, height: 256 };
  // The door panel at 1 and 5 pieces: material 5.46, labor 1.82, setup 80 ÷ q, program 20 ÷ q; unit price × 1.15 overhead.
  const tiers = [
    tier(1, { material: '5.46', labor: '1.82', setup: '80.00', program: '20.00', unitPrice: '123.38' }),
    tier(5, { material: '5.46', labor: '1.82', setup: '16.00', program: '4.00', unitPrice: '31.38' }),
  ];
  const layout = layoutStackedBars(tiers, size);

  it('scales to the highest unit price or stack', () => {
    expect(layout.max).toBe(150);
    expect(layout.ticks[0]).toEqual({ value: 0, y: 216 });
    expect(layout.ticks[layout.ticks.length - 1]).toEqual({ value: 150, y: 16 });
  });

  it('places one bar per tier in the middle of its slot', () => {
    expect(layout.bars.map((bar) => [bar.quantity, bar.center, bar.width])).toEqual([
      [1, 152, 64],
      [5, 312, 64],
    ]);
  });

  it('stacks the components from the bottom without gaps, each as high as its value', () => {
    const [first] = layout.bars;
    expect(first.segments.map((segment) => segment.component)).toEqual(['material', 'labor', 'purchase', 'setup', 'program']);
    let bottom = 216;
    for (const segment of first.segments) {
      expect(segment.y + segment.height).toBeCloseTo(bottom, 9);
      expect(segment.height).toBeCloseTo((Number(segment.value) / 150) * 200, 9);
      bottom = segment.y;
    }
    // 5.46 + 1.82 + 0 + 80 + 20 = 107.28 of 150
    expect(first.stackTop).toBeCloseTo(216 - (107.28 / 150) * 200, 9);
    expect(first.segments[2].height).toBe(0);
  });

  it('marks the unit price, which the factors on the total lift above the stack', () => {
    const [first] = layout.bars;
    expect(first.unitPriceY).toBeCloseTo(216 - (123.38 / 150) * 200, 9);
    expect(first.unitPriceY!).toBeLessThan(first.stackTop);
  });

  it('draws unreadable or negative amounts as nothing', () => {
    const [bar] = layoutStackedBars([tier(1, { material: 'x', labor: '-3', setup: '10', unitPrice: '' })], size).bars;
    expect(bar.segments.map((segment) => segment.height)).toEqual([0, 0, 0, 200, 0]);
    expect(bar.unitPriceY).toBeNull();
  });

  it('keeps bars narrower than their slot when there are many tiers', () => {
    const many = layoutStackedBars(
      [1, 5, 10, 25, 50, 100, 250, 500, 1000].map((quantity) => tier(quantity, { material: '1' })),
      size,
    );
    const slot = 320 / 9;
    expect(many.bars[0].width).toBeCloseTo(slot * 0.6, 9);
    expect(many.bars[1].x - many.bars[0].x).toBeCloseTo(slot, 9);
  });

  it('scales every bar to 100 % in share mode, without the unit price marker', () => {
    const shares = layoutStackedBars(tiers, size, 'share');
    expect(shares.max).toBe(100);
    expect(shares.ticks.map((tick) => tick.value)).toEqual([0, 20, 40, 60, 80, 100]);
    for (const bar of shares.bars) {
      expect(bar.stackTop).toBeCloseTo(16, 9);
      expect(bar.unitPriceY).toBeNull();
    }
    // At 5 pieces: setup 16 of 5.46 + 1.82 + 16 + 4 = 27.28, so 58.65 % of the bar.
    const setup = shares.bars[1].segments[3];
    expect(setup.share).toBeCloseTo((16 / 27.28) * 100, 9);
    expect(setup.height).toBeCloseTo((16 / 27.28) * 200, 9);
  });

  it('gives an empty stack no share', () => {
    const [bar] = layoutStackedBars([tier(1, {})], size, 'share').bars;
    expect(bar.segments.every((segment) => segment.share === 0 && segment.height === 0)).toBe(true);
  });

  it('lays out nothing for a calculation without tiers', () => {
    expect(layoutStackedBars([], size).bars).toEqual([]);
  });
});
