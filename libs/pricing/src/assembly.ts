import { AssemblyCycleError, invalidData } from './errors';
import { Product } from './types';

function productName(product: Product): string {
  return product.number ? `${product.name} (${product.number})` : product.name;
}

function indexProducts(product: Product, products: ReadonlyMap<string, Product> | readonly Product[]): ReadonlyMap<string, Product> {
  // The engine's catalogue holds the product already: read as it is, not copied at every request.
  if (products instanceof Map && products.get(product.id) === product) return products;
  const index = new Map(products instanceof Map ? products : (products as readonly Product[]).map((p) => [p.id, p]));
  index.set(product.id, product);
  return index;
}

/**
 * The first cycle through sub-assemblies reachable from `product`, as the products from the
 * repeated one round to it again (`[A, B, A]`), or null. `products` holds the sub-assemblies;
 * `product` replaces a stored copy of itself, so a product being edited can be checked before
 * it is saved. An unknown sub-assembly is an error.
 */
export function findAssemblyCycle(product: Product, products: ReadonlyMap<string, Product> | readonly Product[]): Product[] | null {
  const index = indexProducts(product, products);
  const finished = new Set<string>();
  const path: Product[] = [];
  const onPath = new Set<string>();

  const visit = (current: Product): Product[] | null => {
    path.push(current);
    onPath.add(current.id);
    for (const line of current.parts ?? []) {
      if (line.kind !== 'sub-assembly' || finished.has(line.productId)) continue;
      const sub = index.get(line.productId);
      if (sub === undefined) throw invalidData('unknown-reference', `${current.name} uses sub-assembly ${line.productId}, which is not in the price data`);
      if (onPath.has(sub.id)) return [...path.slice(path.findIndex((p) => p.id === sub.id)), sub];
      const cycle = visit(sub);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(current.id);
    finished.add(current.id);
    return null;
  };
  return visit(product);
}

/** Refuses a product that contains itself, naming the products round the cycle. */
export function assertNoAssemblyCycle(product: Product, products: ReadonlyMap<string, Product> | readonly Product[]): void {
  const cycle = findAssemblyCycle(product, products);
  if (cycle) throw new AssemblyCycleError(cycle.map((p) => p.id), cycle.map(productName));
}
