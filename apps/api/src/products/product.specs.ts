import { RecordSpec } from '../records';

const product = { column: 'product_id', kind: 'reference', references: 'products', required: true } as const;

/** How many such contours, holes or bends the part has: 4 × Ø8 is one hole row with count 4. Empty (or `null`) is one. */
const count = { column: 'count', kind: 'positive', whole: true, max: 10_000 } as const;

/**
 * The product's latest calculation, joined once per row (`derivedJoin`), with its first (smallest) tier taken out of
 * the stored result once: a lateral look (not flattened into the query), so the large result is read once per row,
 * not once per figure.
 */
const LATEST_CALCULATION = {
  table: `LATERAL (SELECT c.id, c.index, c.warnings, c.result #> '{tiers,0}' AS tier FROM calculations c WHERE c.id = t.latest_calculation_id LIMIT 1)`,
  alias: 'latest',
  on: 'true',
};

/** A figure of the first tier of the product's latest calculation. */
const latest = (path: string) => `(latest.tier #>> '{${path}}')::numeric::float8`;

/**
 * The product's price is out of date: what it is priced from (its priced columns, its geometry and
 * production lines, a sub-assembly's) changed since its latest calculation. The database keeps
 * `price_stale` in every writing transaction (migration 1795220300000); reading it costs nothing.
 */
export const PRICE_STALE = '(t.price_stale AND t.latest_calculation_id IS NOT NULL)';

const LATEST_PRICES = {
  latestCalculationIndex: 'latest.index',
  /** How many warnings (libs/pricing `warnings`: a figure the data calls for came out missing or zero) the latest calculation has; none without one. */
  latestWarningCount: 'CASE WHEN latest.id IS NULL THEN NULL ELSE coalesce(jsonb_array_length(latest.warnings), 0) END',
  priceStale: PRICE_STALE,
  priceQuantity: latest('quantity'),
  unitPrice: latest('unitPrice'),
  totalPrice: latest('totalPrice'),
  ...Object.fromEntries(
    ['material', 'labor', 'purchase', 'setup', 'program'].flatMap((component) => [
      [`${component}UnitPrice`, latest(`${component},unit`)],
      [`${component}TotalPrice`, latest(`${component},total`)],
    ]),
  ),
};

export const PRODUCTS: RecordSpec = {
  resource: 'products',
  table: 'products',
  area: 'products',
  defaultSort: 'name',
  fields: {
    name: { column: 'name', kind: 'text', required: true, searchable: true },
    number: { column: 'number', kind: 'text', required: true, searchable: true },
    type: { column: 'type', kind: 'choice', choices: ['single', 'assembly'] },
    status: { column: 'status', kind: 'choice', choices: ['ready', 'pending', 'creation_stopped', 'manually_created', 'generated_from_data_extractor'] },
    customerId: { column: 'customer_id', kind: 'reference', references: 'customers' },
    category: { column: 'category', kind: 'text', searchable: true },
    materialId: { column: 'material_id', kind: 'reference', references: 'materials' },
    thickness: { column: 'thickness', kind: 'positive' },
    blankWidth: { column: 'blank_width', kind: 'positive' },
    blankLength: { column: 'blank_length', kind: 'positive' },
    addedWidth: { column: 'added_width', kind: 'amount' },
    addedLength: { column: 'added_length', kind: 'amount' },
    area: { column: 'area', kind: 'amount' },
    volume: { column: 'volume', kind: 'amount' },
    weightPerUnit: { column: 'weight_per_unit', kind: 'amount' },
  },
  derived: LATEST_PRICES,
  derivedJoin: LATEST_CALCULATION,
  derivedTypes: { latestCalculationIndex: 'integer', latestWarningCount: 'integer', priceStale: 'boolean' },
  constraints: { products_number_unique: { field: 'number', key: 'number_taken' } },
  usedBy: [
    { table: 'product_parts', column: 'sub_product_id', noun: 'noun_products' },
    { table: 'purchase_request_products', column: 'product_id', noun: 'noun_purchase_requests' },
    { table: 'order_items', column: 'product_id', noun: 'noun_orders' },
  ],
};

export const PRODUCT_CONTOURS: RecordSpec = {
  resource: 'product-contours',
  table: 'product_contours',
  area: 'products',
  child: true,
  defaultSort: 'createdAt',
  fields: {
    productId: product,
    kind: { column: 'kind', kind: 'choice', choices: ['inner', 'outer'], required: true },
    length: { column: 'length', kind: 'positive', required: true },
    count,
  },
  // The rule (oneOuterContour) refuses it first; the database refuses it whoever writes.
  constraints: { product_contours_one_outer: { field: 'count', key: 'outer_contour_count' } },
};

export const PRODUCT_HOLES: RecordSpec = {
  resource: 'product-holes',
  table: 'product_holes',
  area: 'products',
  child: true,
  defaultSort: 'createdAt',
  fields: {
    productId: product,
    kind: { column: 'kind', kind: 'choice', choices: ['counterbore', 'countersink', 'hole', 'thread'] },
    toleranceClass: { column: 'tolerance_class', kind: 'choice', choices: ['default', 'coarse', 'medium', 'precise'] },
    diameter: { column: 'diameter', kind: 'positive' },
    innerDiameter: { column: 'inner_diameter', kind: 'positive' },
    outerDiameter: { column: 'outer_diameter', kind: 'positive' },
    depth: { column: 'depth', kind: 'positive' },
    innerDepth: { column: 'inner_depth', kind: 'positive' },
    outerDepth: { column: 'outer_depth', kind: 'positive' },
    through: { column: 'through', kind: 'boolean' },
    count,
  },
};

export const PRODUCT_BENDS: RecordSpec = {
  resource: 'product-bends',
  table: 'product_bends',
  area: 'products',
  child: true,
  defaultSort: 'createdAt',
  fields: {
    productId: product,
    bendClass: { column: 'bend_class', kind: 'text' },
    length: { column: 'length', kind: 'positive' },
    angle: { column: 'angle', kind: 'positive', max: 180 },
    combinedBends: { column: 'combined_bends', kind: 'positive', whole: true },
    count,
  },
};

export const PRODUCT_MATERIALS: RecordSpec = {
  resource: 'product-materials',
  table: 'product_materials',
  area: 'products',
  child: true,
  defaultSort: 'createdAt',
  fields: {
    productId: product,
    materialId: { column: 'material_id', kind: 'reference', references: 'materials', required: true },
    usagePerUnit: { column: 'usage_per_unit', kind: 'positive' },
  },
};

export const PRODUCT_OPERATIONS: RecordSpec = {
  resource: 'product-operations',
  table: 'product_operations',
  area: 'products',
  child: true,
  defaultSort: 'sorting',
  reprices: { source: 'product', idField: 'productId', what: 'what_operation_rate' },
  fields: {
    productId: product,
    sorting: { column: 'sorting', kind: 'amount', whole: true },
    operationId: { column: 'operation_id', kind: 'reference', references: 'operations' },
    assetId: { column: 'asset_id', kind: 'reference', references: 'assets' },
    timePerUnit: { column: 'time_per_unit', kind: 'amount' },
    hourlyRate: { column: 'hourly_rate', kind: 'amount' },
    programTime: { column: 'program_time', kind: 'amount' },
    programRate: { column: 'program_rate', kind: 'amount' },
    boughtIn: { column: 'bought_in', kind: 'boolean' },
  },
  usedBy: [{ table: 'purchase_request_operations', column: 'product_operation_id', noun: 'noun_purchase_requests' }],
};

export const PRODUCT_PARTS: RecordSpec = {
  resource: 'product-parts',
  table: 'product_parts',
  area: 'products',
  child: true,
  defaultSort: 'createdAt',
  fields: {
    productId: product,
    partId: { column: 'part_id', kind: 'reference', references: 'parts' },
    subProductId: { column: 'sub_product_id', kind: 'reference', references: 'products' },
    quantity: { column: 'quantity', kind: 'positive', required: true },
  },
  usedBy: [{ table: 'purchase_request_parts', column: 'product_part_id', noun: 'noun_purchase_requests' }],
  constraints: {
    product_parts_one_kind: { field: 'partId', key: 'part_or_sub_assembly' },
    product_parts_not_itself: { field: 'subProductId', key: 'sub_assembly_cycle' },
  },
};

export const PRODUCT_BULK_PRICES: RecordSpec = {
  resource: 'product-bulk-prices',
  table: 'product_bulk_prices',
  area: 'products',
  child: true,
  defaultSort: 'minQuantity',
  fields: {
    productId: product,
    minQuantity: { column: 'min_quantity', kind: 'positive', required: true },
    maxQuantity: { column: 'max_quantity', kind: 'positive' },
    unitPrice: { column: 'unit_price', kind: 'amount', required: true },
  },
};
