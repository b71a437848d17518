import { buildBenchmarkAssembly } from './benchmark-assembly';
import { findAssemblyCycle, priceProduct, Product } from './index';

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
});
