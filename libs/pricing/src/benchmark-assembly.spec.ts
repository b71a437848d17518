import { buildBenchmarkAssembly } from './benchmark-assembly';
import { Decimal, Figure, findAssemblyCycle, priceProduct, Product } from './index';

function depth(product: Product, products: Map<string, Product>): number {
  const subs = (product.parts ?? []).flatMap((line) => (line.kind === 'sub-assembly' ? [products.get(line.productId) as Product] : []));
  return 1 + Math.max(0, ...subs.map((sub) => depth(sub, products)));
}

describe('the benchmark assembly', () => {
  it('is a 3-level, 200-line assembly priced at 10 tiers', () => {
    const { request, lineCount, productCount } = buildBenchmarkAssembly();
    const products = new Map((request.prices.products ?? []).map((product) => [product.id, product]));
    expect([lineCount, productCount, request.quantities.length]).toEqual([200, 36, 10]);
    expect(depth(request.product, products)).toBe(3);
    expect(findAssemblyCycle(request.product, products)).toBeNull();
  });

  it('prices with every kind of line in play and the unit price falling with the quantity', () => {
    const { tiers } = priceProduct(buildBenchmarkAssembly().request);
    const unitPrices = tiers.map((tier) => Number(tier.unitPrice.value));
    expect(unitPrices).toEqual([...unitPrices].sort((a, b) => b - a));
    const [first] = tiers;
    expect(first.purchase.unit.inputs).toHaveProperty('sub-assemblies');
    expect(first.labor.unit.value).not.toBe('0.00');
  });

  // A parent sums its sub-assemblies' fixed and varying parts apart (ProductCost): the figures must be the
  // very ones of summing the lines, also where a quotient repeats (7, 13 pieces) or a line is rounded as a
  // whole (a quantity of 4 places times a cost of 30).
  it.each([['1', '2'], ['0.5', '3'], ['0.3333', '1.25']])('sums sub-assembly lines of quantities %s and %s exactly as their figures show', (odd, even) => {
    const { request } = buildBenchmarkAssembly();
    const products = (request.prices.products ?? []).map((product) => ({
      ...product,
      parts: product.parts?.map((line, i) => (line.kind === 'sub-assembly' ? { ...line, quantity: i % 2 === 0 ? odd : even } : line)),
    }));
    const { tiers } = priceProduct({ ...request, quantities: [1, 7, 13, 250], prices: { ...request.prices, products } });
    let sums = 0;
    let lines = 0;
    const seen = new Set<Figure>();
    const check = (figure: Figure) => {
      if (seen.has(figure)) return;
      seen.add(figure);
      const inputs = Object.entries(figure.inputs).flatMap(([name, input]) => (typeof input === 'string' ? [] : [[name, input] as const]));
      if (figure.formula.startsWith('Σ ')) {
        sums++;
        expect(figure.exact).toBe(inputs.reduce((sum, [, input]) => sum.plus(Decimal.from(input.exact)), Decimal.from(0)).toFixed());
      }
      const cost = inputs.find(([name]) => name.startsWith('cost per piece of'));
      if (cost) {
        lines++;
        expect(figure.exact).toBe(Decimal.from(String(figure.inputs.quantity)).times(Decimal.from(cost[1].exact)).toFixed());
      }
      for (const [, input] of inputs) check(input);
    };
    for (const tier of tiers) check(tier.purchase.unit);
    expect([sums > 100, lines]).toEqual([true, 4 * (5 + 30)]);
  });
});
