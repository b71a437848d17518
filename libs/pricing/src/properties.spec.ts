import Decimal from 'decimal.js';
import {
  Asset,
  Factor,
  FactorScope,
  GroupPrice,
  Material,
  PriceData,
  PricingRequest,
  priceProduct,
  priceTiers,
  Product,
  ProductOperation,
  ProductPart,
  Suppliable,
  tierPricesOf,
} from './index';

/** mulberry32: a small seeded generator, so a failing product can be rebuilt from its seed. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)],
    /** A decimal string with `places` decimals, built from an integer so no float ever holds a price. */
    decimal: (min: number, max: number, places = 2) => {
      const scale = 10 ** places;
      const units = String(int(Math.round(min * scale), Math.round(max * scale))).padStart(places + 1, '0');
      return places === 0 ? units : `${units.slice(0, -places)}.${units.slice(-places)}`;
    },
  };
}
type Random = ReturnType<typeof randomFrom>;

const DATE = '2026-05-15';
const SCOPES: FactorScope[] = ['material', 'labor', 'purchase', 'setup', 'program', 'total'];

/**
 * Master data for random products. `flat` keeps every cost per piece the same at any quantity
 * (one band per asset, suppliables without bulk bands, no quantity group prices), so only
 * setup and program, which are per order, change with the quantity.
 */
function randomWorld(random: Random, flat: boolean): PriceData {
  const bands = (pricePerPiece: boolean) =>
    Array.from({ length: flat ? 1 : random.int(1, 4) }, (_, i) => ({
      quantity: i === 0 ? 1 : random.int(2, 800) * i,
      inputCost: random.decimal(0, 20),
      setupCost: random.decimal(0, 120),
      programCost: random.decimal(0, 60),
      price: pricePerPiece ? random.decimal(0.1, 9) : '0',
    }));
  const assets: Asset[] = [
    { id: 'laser', name: 'Laser', calculateByTime: true, prices: bands(false), timeModel: { kind: 'laser-cutting', rates: [{ cutSpeed: random.int(1000, 9000), pierceTime: random.decimal(0.2, 3, 1) }] } },
    { id: 'brake', name: 'Press brake', calculateByTime: true, prices: bands(false), timeModel: { kind: 'bending', secondsPerBend: [{ bendClass: 'A', seconds: random.int(4, 20) }, { bendClass: 'B', seconds: random.int(4, 30) }], handlingSeconds: random.int(0, 40) } },
    { id: 'deburr', name: 'Deburring', calculateByTime: false, prices: bands(true) },
    { id: 'weld', name: 'Welding', calculateByTime: true, prices: random.chance(0.5) ? bands(false) : [] },
  ];
  const materials: Material[] = [
    { id: 'steel', name: 'S235', groupId: 'steel', priceUnit: 'kg', pricePerUnit: random.decimal(0.8, 2.5), density: '7.85', prices: [{ price: random.decimal(0.8, 2.5), validFrom: '2026-01-01' }] },
    { id: 'alu', name: 'AlMg3', priceUnit: 'm2', pricePerUnit: random.decimal(20, 60) },
    { id: 'sheet', name: '1.4301 sheet', priceUnit: 'sheet', pricePerUnit: random.decimal(150, 400), width: 1500, length: 3000 },
    { id: 'tube', name: 'Tube', priceUnit: 'piece', pricePerUnit: random.decimal(1, 15) },
  ];
  const groupPrices: GroupPrice[] = [{ price: random.decimal(0.7, 2), validFrom: '2026-02-01', thicknessFrom: 0, thicknessTo: 3 }];
  if (!flat) groupPrices.unshift({ price: random.decimal(0.5, 1.5), validFrom: '2026-02-01', thicknessFrom: 0, thicknessTo: 3, minQuantity: random.int(10, 500) });
  const factor = (): Factor => ({
    name: `Factor ${random.int(1, 99)}`,
    value: random.decimal(0.8, 1.5, 3),
    scope: random.pick(SCOPES),
    validFrom: random.chance(0.5) ? random.pick(['2026-01-01', '2026-05-15', '2026-05-16']) : null,
    validUntil: random.chance(0.5) ? random.pick(['2026-05-14', '2026-05-15', '2026-12-31']) : null,
  });
  const parts = ['nut', 'screw', 'hinge'].map((id) => ({ id, name: id, ownCost: random.decimal(0.01, 4, 3) }));
  const suppliables: Suppliable[] = parts.flatMap((part) =>
    Array.from({ length: random.int(0, 3) }, (_, i): Suppliable => {
      const limit = random.int(10, 2000);
      return {
        id: `${part.id}-${i}`,
        type: 'part',
        partId: part.id,
        cost: random.decimal(0.01, 4, 3),
        active: random.chance(0.8),
        bulkPrices: flat
          ? []
          : [
              { minQuantity: 1, maxQuantity: limit, unitPrice: random.decimal(0.01, 4, 3) },
              { minQuantity: limit + 1, unitPrice: random.decimal(0.01, 4, 3) },
            ],
        factors: random.chance(0.3) ? [factor()] : [],
      };
    }),
  );
  suppliables.push({ id: 'coat', type: 'operation', operationId: 'coating', cost: random.decimal(1, 5), active: true });
  return { assets, materials, groups: [{ id: 'steel', name: 'Steel', prices: groupPrices }], parts, suppliables, factors: Array.from({ length: random.int(0, 4) }, factor) };
}

function randomOperation(random: Random): ProductOperation {
  const program = random.chance(0.5) ? { programTime: random.decimal(0, 30, 1), programRate: random.int(40, 120) } : {};
  return random.pick<ProductOperation>([
    { name: 'Laser cutting', assetId: 'laser', hourlyRate: random.int(80, 180), ...program },
    { name: 'Bending', assetId: 'brake', hourlyRate: random.int(50, 120), ...program },
    { name: 'Deburring', assetId: 'deburr' },
    { name: 'Welding', assetId: 'weld', timePerUnit: random.decimal(0.5, 20, 1), hourlyRate: random.int(50, 90), ...program },
    { name: 'Assembly', timePerUnit: random.decimal(0, 15, 1), hourlyRate: random.int(40, 80) },
    { name: 'Coating', operationId: 'coating', boughtIn: true },
  ]);
}

function randomProduct(random: Random, id: string, subAssemblies: Product[]): Product {
  const width = random.int(20, 600);
  const length = random.int(20, 900);
  const materialId = random.pick(['steel', 'alu', 'sheet', 'tube']);
  const parts: ProductPart[] = Array.from({ length: random.int(0, 2) }, () => ({
    kind: 'part',
    partId: random.pick(['nut', 'screw', 'hinge']),
    quantity: random.chance(0.8) ? random.int(1, 8) : random.decimal(0.25, 3.5),
  }));
  for (const sub of subAssemblies) if (random.chance(0.7)) parts.push({ kind: 'sub-assembly', productId: sub.id, quantity: random.int(1, 4) });
  return {
    id,
    name: `Product ${id}`,
    materialId,
    blank: { width, length, addedWidth: random.int(0, 10), addedLength: random.int(0, 10), thickness: random.pick([1, 1.5, 2, 3, 5]) },
    geometry: {
      contours: [{ kind: 'outer', length: 2 * (width + length) }, ...Array.from({ length: random.int(0, 3) }, () => ({ kind: 'inner' as const, length: random.int(20, 300) }))],
      holes: Array.from({ length: random.int(0, 6) }, () => ({ kind: 'hole' as const, diameter: random.decimal(2, 20, 1) })),
      bends: Array.from({ length: random.int(0, 4) }, () => ({ bendClass: random.pick(['A', 'B']) })),
    },
    materials: random.chance(0.85) ? [{ materialId, usagePerUnit: random.chance(0.2) ? random.decimal(0.1, 3, 3) : null }] : [],
    operations: Array.from({ length: random.int(0, 4) }, () => randomOperation(random)),
    parts,
  };
}

/** A random product up to three levels deep, with sub-assemblies sometimes shared between levels. */
function randomRequest(seed: number, flat: boolean): PricingRequest {
  const random = randomFrom(seed);
  const prices = randomWorld(random, flat);
  const singles = Array.from({ length: random.int(0, 4) }, (_, i) => randomProduct(random, `single-${i}`, []));
  const middles = Array.from({ length: random.int(0, 3) }, (_, i) => randomProduct(random, `middle-${i}`, singles));
  const top = randomProduct(random, 'top', [...middles, ...singles]);
  const quantities = [...new Set(Array.from({ length: random.int(1, 8) }, () => random.int(1, random.pick([10, 100, 5000]))))];
  return { date: DATE, quantities, product: top, prices: { ...prices, products: [...middles, ...singles] } };
}

const SEEDS = Array.from({ length: 150 }, (_, i) => i + 1);
const cents = (value: string) => /^\d+\.\d{2}$/.test(value);

describe('properties of random products', () => {
  it.each(SEEDS)('seed %i: total = unit price × quantity, both to the cent', (seed) => {
    const request = randomRequest(seed, false);
    for (const tier of priceProduct(request).tiers) {
      expect(cents(tier.unitPrice.value) && cents(tier.totalPrice.value)).toBe(true);
      expect(tier.totalPrice.value).toBe(new Decimal(tier.unitPrice.value).times(tier.quantity).toFixed(2));
    }
  });

  it.each(SEEDS)('seed %i: with only setup and program varying, the unit price never rises with the quantity', (seed) => {
    const request = randomRequest(seed, true);
    const quantities = [...new Set([1, 2, 3, ...request.quantities.map(Number), 7000])].sort((a, b) => a - b);
    const unitPrices = priceProduct({ ...request, quantities }).tiers.map((tier) => new Decimal(tier.unitPrice.value));
    unitPrices.slice(1).forEach((unitPrice, i) => expect(unitPrice.lte(unitPrices[i])).toBe(true));
  });

  it.each(SEEDS.slice(0, 40))('seed %i: a tier costs the same priced alone, with others, or in another order', (seed) => {
    const request = randomRequest(seed, false);
    const together = priceProduct(request).tiers;
    const reversed = priceProduct({ ...request, quantities: [...request.quantities].reverse() }).tiers.reverse();
    const alone = request.quantities.map((quantity) => priceProduct({ ...request, quantities: [quantity] }).tiers[0]);
    expect(reversed).toEqual(together);
    expect(alone).toEqual(together);
  });

  it.each(SEEDS)('seed %i: pricing without explanations gives the explained prices, to the cent', (seed) => {
    const request = randomRequest(seed, false);
    const explained = priceProduct(request);
    expect(priceTiers(request)).toEqual({ productId: explained.productId, date: explained.date, currency: explained.currency, tiers: explained.tiers.map(tierPricesOf), warnings: explained.warnings });
  });

  it.each(SEEDS.slice(0, 40))('seed %i: a request stored as JSON explains the same figures again', (seed) => {
    const request = randomRequest(seed, false);
    expect(priceProduct(JSON.parse(JSON.stringify(request)))).toEqual(priceProduct(request));
  });
});
