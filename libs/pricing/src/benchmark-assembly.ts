import { Asset, Factor, Material, MaterialGroup, Part, PricingRequest, Product, ProductPart, Suppliable } from './types';

/*
 * A synthetic shop and housing for timing the engine alone (bench.ts) and for tests: the same
 * request every time, so figures from different runs and machines compare.
 */

export interface BenchmarkAssembly {
  request: PricingRequest;
  /** Material, operation and part lines over all distinct products of the tree. */
  lineCount: number;
  productCount: number;
}

const TIERS = [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500];

const groups: MaterialGroup[] = [
  {
    id: 'g-steel',
    name: 'S235 steel',
    prices: [
      { price: '1.10', validFrom: '2026-01-01', thicknessFrom: 0, thicknessTo: 3 },
      { price: '1.05', validFrom: '2026-01-01', thicknessFrom: 3, thicknessTo: 10 },
    ],
  },
  { id: 'g-stainless', name: '1.4301 stainless' },
  { id: 'g-aluminium', name: 'AlMg3 aluminium' },
];

const materials: Material[] = [
  { id: 'm-s235', name: 'S235JR', groupId: 'g-steel', priceUnit: 'kg', pricePerUnit: '1.20', density: '7.85', prices: [{ price: '1.15', validFrom: '2026-03-01' }] },
  { id: 'm-1.4301', name: '1.4301 2B', groupId: 'g-stainless', priceUnit: 'sheet', pricePerUnit: '310.00', width: 1500, length: 3000 },
  { id: 'm-almg3', name: 'AlMg3', groupId: 'g-aluminium', priceUnit: 'm2', pricePerUnit: '38.50' },
];

/** Bands from 1, 10, 100 and 1000 pieces; setup falls by 2 € a band as larger orders are planned better. */
const bands = (setup: number, program: number, prices = ['0', '0', '0', '0']) =>
  [1, 10, 100, 1000].map((quantity, i) => ({ quantity, inputCost: 5, setupCost: setup - i * 2, programCost: program, price: prices[i] }));

const assets: Asset[] = [
  {
    id: 'a-laser',
    name: 'Fiber laser 6 kW',
    calculateByTime: true,
    prices: bands(25, 15),
    timeModel: {
      kind: 'laser-cutting',
      rates: [
        { materialGroupId: 'g-steel', thicknessFrom: 0, thicknessTo: 3, cutSpeed: 6000, pierceTime: '0.4' },
        { materialGroupId: 'g-steel', thicknessFrom: 3, thicknessTo: 10, cutSpeed: 2500, pierceTime: '1.2' },
        { thicknessFrom: 0, thicknessTo: 10, cutSpeed: 4000, pierceTime: '0.8' },
      ],
    },
  },
  {
    id: 'a-brake',
    name: 'Press brake 135 t',
    calculateByTime: true,
    prices: bands(35, 0),
    timeModel: { kind: 'bending', secondsPerBend: [{ bendClass: 'A', seconds: 8 }, { bendClass: 'B', seconds: 14 }], handlingSeconds: 20 },
  },
  { id: 'a-deburr', name: 'Deburring machine', calculateByTime: false, prices: bands(8, 0, ['0.60', '0.54', '0.48', '0.42']) },
  { id: 'a-weld', name: 'Welding cell', calculateByTime: true, prices: bands(40, 0) },
];

const parts: Part[] = [
  { id: 'p-nut-m5', name: 'Press nut M5', ownCost: '0.09' },
  { id: 'p-nut-m6', name: 'Press nut M6', ownCost: '0.11' },
  { id: 'p-screw', name: 'Screw M6×16 ISO 7380', ownCost: '0.06' },
  { id: 'p-hinge', name: 'Hinge 40 mm', ownCost: '2.80' },
  { id: 'p-seal', name: 'Door seal, per m', ownCost: '1.90' },
];

const bulk = (unitPrices: string[]) =>
  unitPrices.map((unitPrice, i) => ({ minQuantity: [1, 500, 5000][i], maxQuantity: [499, 4999, null][i], unitPrice }));

const surcharge: Factor = { name: 'Freight', value: '1.03', validFrom: '2026-01-01', validUntil: '2026-12-31' };

const suppliables: Suppliable[] = [
  ...parts.flatMap((part, i): Suppliable[] => [
    {
      id: `s-${part.id}-a`,
      type: 'part',
      partId: part.id,
      number: `A-${i}`,
      supplierName: 'Würth',
      cost: '0.10',
      active: true,
      bulkPrices: bulk(['0.08', '0.06', '0.05']),
      factors: [surcharge],
    },
    { id: `s-${part.id}-b`, type: 'part', partId: part.id, number: `B-${i}`, supplierName: 'Bossard', cost: '0.10', active: true, bulkPrices: bulk(['0.09', '0.055', '0.045']) },
    { id: `s-${part.id}-c`, type: 'part', partId: part.id, number: `C-${i}`, supplierName: 'Old supplier', cost: '0.01', active: false },
  ]),
  {
    id: 's-coating',
    type: 'operation',
    operationId: 'o-coating',
    number: 'PC-1',
    supplierName: 'Beschichtung Nord',
    cost: '2.40',
    active: true,
    bulkPrices: bulk(['2.40', '1.90', '1.60']),
  },
];

const factors: Factor[] = [
  { name: 'Steel surcharge', value: '1.04', validFrom: '2026-01-01', validUntil: '2026-06-30', scope: 'material' },
  { name: 'Wage agreement', value: '1.025', validFrom: '2026-04-01', scope: 'labor' },
  { name: 'Margin', value: '1.18', scope: 'total' },
];

const sheetMaterials = ['m-s235', 'm-1.4301', 'm-almg3'];

/** A laser-cut, bent, deburred sheet part: 1 material, 3 operations, 1 part line. */
function sheetPart(n: number): Product {
  const width = 60 + (n % 7) * 25;
  const length = 120 + (n % 5) * 40;
  return {
    id: `single-${n}`,
    name: `Bracket ${n}`,
    number: `BR-${1000 + n}`,
    materialId: sheetMaterials[n % 3],
    blank: { width, length, addedWidth: 10, addedLength: 10, thickness: [1.5, 2, 3, 4][n % 4] },
    geometry: {
      contours: [
        { kind: 'outer', length: 2 * (width + length) },
        ...Array.from({ length: n % 3 }, () => ({ kind: 'inner' as const, length: 80 })),
      ],
      holes: Array.from({ length: 2 + (n % 4) }, (_, i) => ({ kind: 'hole' as const, diameter: [5.5, 6.6, 9][i % 3] })),
      bends: Array.from({ length: 1 + (n % 3) }, (_, i) => ({ bendClass: i % 2 === 0 ? 'A' : 'B', length: width, angle: 90 })),
    },
    materials: [{ materialId: sheetMaterials[n % 3] }],
    operations: [
      { name: 'Laser cutting', sorting: 10, assetId: 'a-laser', hourlyRate: 140, programTime: 6, programRate: 75 },
      { name: 'Bending', sorting: 20, assetId: 'a-brake', hourlyRate: 85 },
      { name: 'Deburring', sorting: 30, assetId: 'a-deburr' },
    ],
    parts: [{ kind: 'part', partId: n % 2 === 0 ? 'p-nut-m5' : 'p-nut-m6', quantity: 2 + (n % 3) }],
  };
}

/** A welded and coated frame of 6 sheet parts: 8 lines. */
function frame(n: number, singles: Product[]): Product {
  return {
    id: `frame-${n}`,
    name: `Frame ${n}`,
    number: `FR-${200 + n}`,
    operations: [
      { name: 'Welding', sorting: 10, assetId: 'a-weld', timePerUnit: 6 + n, hourlyRate: 78 },
      { name: 'Powder coating', sorting: 20, operationId: 'o-coating', boughtIn: true },
    ],
    parts: singles.map((single, i): ProductPart => ({ kind: 'sub-assembly', productId: single.id, quantity: 1 + (i % 2) })),
  };
}

/**
 * A housing: 5 frames of 6 brackets each (3 levels, 36 products, 200 lines), priced at 10 tiers,
 * with group prices, all three price units, time models, bands, suppliables and factors in play.
 */
export function buildBenchmarkAssembly(): BenchmarkAssembly {
  const singles = Array.from({ length: 30 }, (_, n) => sheetPart(n));
  const frames = Array.from({ length: 5 }, (_, n) => frame(n, singles.slice(n * 6, n * 6 + 6)));
  const housing: Product = {
    id: 'housing',
    name: 'Control cabinet housing',
    number: 'CC-1',
    operations: [
      { name: 'Assembly', sorting: 10, timePerUnit: 25, hourlyRate: 62 },
      { name: 'Final inspection', sorting: 20, timePerUnit: 5, hourlyRate: 62 },
    ],
    parts: [
      ...frames.map((f): ProductPart => ({ kind: 'sub-assembly', productId: f.id, quantity: 1 })),
      { kind: 'part', partId: 'p-hinge', quantity: 4 },
      { kind: 'part', partId: 'p-seal', quantity: '3.2' },
      { kind: 'part', partId: 'p-screw', quantity: 24 },
    ],
  };
  const products = [housing, ...frames, ...singles];
  const lineCount = products.reduce((sum, product) => sum + (product.materials?.length ?? 0) + (product.operations?.length ?? 0) + (product.parts?.length ?? 0), 0);
  return {
    request: { product: housing, quantities: TIERS, date: '2026-05-15', prices: { materials, groups, assets, parts, suppliables, factors, products: [...frames, ...singles] } },
    lineCount,
    productCount: products.length,
  };
}
