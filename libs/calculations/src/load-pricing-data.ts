import { EntityManager } from 'typeorm';
import type { Asset, Factor, Material, MaterialGroup, Part, PriceData, Product, ProductPart, Suppliable } from '@fabquote/pricing';

type Row = Record<string, string | number | boolean | null>;

const num = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Rows grouped by a column, in one pass (each row pushed onto its group, never copied). */
const groupBy = <T extends Row>(rows: T[], key: string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const id = String(row[key]);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
};

/**
 * A geometry row's count, only when it is not one: a row of one is what every row was before counts
 * existed, so a product of such rows has the very inputs its earlier calculations stored, and
 * repricing still finds them unchanged.
 */
const counted = (row: Row): { count?: number } => (Number(row.count ?? 1) === 1 ? {} : { count: Number(row.count) });

const idsOf = (values: Iterable<string | null | undefined>): string[] => [...new Set([...values].filter((value): value is string => Boolean(value)))];

/**
 * The price data the given products (with every sub-assembly below them, as {@link loadProducts}
 * reads them) use, read inside the current tenant transaction (row-level security decides what
 * is visible): their materials and those materials' groups with their prices, their machines with
 * bands and rates, their parts, the suppliables of those parts and of their operations with bulk
 * prices and factors, and the organization's own factors. Every read goes by the ids in hand
 * (`= ANY($1::uuid[])`, through the tables' indexes), so what a batch costs does not grow with the
 * catalogue. Rows come in the order they are stored (`ctid`; children by their own order first), the
 * order reading the whole tables gave them, so a product's inputs compare equal to those its latest
 * calculation stored and repricing still skips what did not change.
 */
export async function loadPriceData(manager: EntityManager, products: Iterable<Product>): Promise<Omit<PriceData, 'products'>> {
  const tree = [...products];
  const materialIds = idsOf(tree.flatMap((product) => [product.materialId, ...(product.materials ?? []).map((line) => line.materialId)]));
  const assetIds = idsOf(tree.flatMap((product) => (product.operations ?? []).map((line) => line.assetId)));
  const operationIds = idsOf(tree.flatMap((product) => (product.operations ?? []).map((line) => line.operationId)));
  const partIds = idsOf(tree.flatMap((product) => (product.parts ?? []).map((line) => (line.kind === 'part' ? line.partId : null))));
  // One after the other: a transaction is one connection, and pg serializes (and will refuse) overlapping queries on it.
  const q = (sql: string, ids: unknown[] = []) => manager.query(sql, ids) as Promise<Row[]>;
  const none = (ids: string[]) => ids.length === 0;
  const byIds = (ids: string[], sql: string) => (none(ids) ? Promise.resolve([] as Row[]) : q(sql, [ids]));
  const materials = await byIds(materialIds, `SELECT * FROM materials WHERE id = ANY($1::uuid[]) ORDER BY ctid`);
  const materialPrices = await byIds(materialIds, `SELECT material_id, price, valid_from FROM material_prices WHERE material_id = ANY($1::uuid[]) ORDER BY valid_from, ctid`);
  const groupIds = idsOf(materials.map((row) => row.group_id as string | null));
  const groups = await byIds(groupIds, `SELECT id, name FROM material_groups WHERE id = ANY($1::uuid[]) ORDER BY ctid`);
  const groupPrices = await byIds(groupIds, `SELECT * FROM group_prices WHERE group_id = ANY($1::uuid[]) ORDER BY valid_from, ctid`);
  const assets = await byIds(assetIds, `SELECT * FROM assets WHERE id = ANY($1::uuid[]) ORDER BY ctid`);
  const assetBands = await byIds(assetIds, `SELECT * FROM asset_prices WHERE asset_id = ANY($1::uuid[]) ORDER BY quantity, ctid`);
  // In any order: the most specific rate applies, not the first (libs/pricing README).
  const cuttingRates = await byIds(assetIds, `SELECT * FROM asset_cutting_rates WHERE asset_id = ANY($1::uuid[]) ORDER BY thickness_from NULLS FIRST, thickness_to NULLS FIRST, id`);
  const bendingRates = await byIds(assetIds, `SELECT * FROM asset_bending_rates WHERE asset_id = ANY($1::uuid[]) ORDER BY ctid`);
  const parts = await byIds(partIds, `SELECT id, name, number, own_cost FROM parts WHERE id = ANY($1::uuid[]) ORDER BY ctid`);
  const suppliables =
    none(partIds) && none(operationIds)
      ? []
      : await q(
          `SELECT s.*, sp.name AS supplier_name, (s.active AND sp.status = 'active') AS usable
             FROM suppliables s JOIN suppliers sp ON sp.id = s.supplier_id
            WHERE s.part_id = ANY($1::uuid[]) OR s.operation_id = ANY($2::uuid[])
            ORDER BY s.ctid`,
          [partIds, operationIds],
        );
  const suppliableIds = suppliables.map((row) => String(row.id));
  const bulkPrices = await byIds(suppliableIds, `SELECT * FROM suppliable_bulk_prices WHERE suppliable_id = ANY($1::uuid[]) ORDER BY min_quantity, ctid`);
  const suppliableFactors = await byIds(
    suppliableIds,
    `SELECT sf.suppliable_id, f.* FROM suppliable_factors sf JOIN factors f ON f.id = sf.factor_id WHERE sf.suppliable_id = ANY($1::uuid[]) ORDER BY sf.ctid`,
  );
  // The organization's factors: a factor linked to a suppliable multiplies that suppliable's price only, once.
  const factors = await q(`SELECT f.* FROM factors f WHERE NOT EXISTS (SELECT 1 FROM suppliable_factors sf WHERE sf.factor_id = f.id)`);
  const pricesByMaterial = groupBy(materialPrices, 'material_id');
  const pricesByGroup = groupBy(groupPrices, 'group_id');
  const bandsByAsset = groupBy(assetBands, 'asset_id');
  const cuttingByAsset = groupBy(cuttingRates, 'asset_id');
  const bendingByAsset = groupBy(bendingRates, 'asset_id');
  const bulkBySuppliable = groupBy(bulkPrices, 'suppliable_id');
  const factorsBySuppliable = groupBy(suppliableFactors, 'suppliable_id');
  const factor = (row: Row): Factor => ({
    id: String(row.id),
    name: String(row.name),
    value: String(row.value),
    validFrom: (row.valid_from as string | null) ?? null,
    validUntil: (row.valid_until as string | null) ?? null,
    scope: (row.scope as Factor['scope']) ?? 'total',
  });

  return {
    materials: materials.map(
      (row): Material => ({
        id: String(row.id),
        name: String(row.name),
        groupId: (row.group_id as string | null) ?? null,
        priceUnit: row.price_unit as Material['priceUnit'],
        pricePerUnit: String(row.price_per_unit),
        prices: (pricesByMaterial.get(String(row.id)) ?? []).map((price) => ({ price: String(price.price), validFrom: String(price.valid_from) })),
        density: num(row.density),
        width: num(row.width),
        length: num(row.length),
      }),
    ),
    groups: groups.map(
      (row): MaterialGroup => ({
        id: String(row.id),
        name: String(row.name),
        prices: (pricesByGroup.get(String(row.id)) ?? []).map((price) => ({
          price: String(price.price),
          validFrom: String(price.valid_from),
          thicknessFrom: num(price.min_thickness),
          thicknessTo: num(price.max_thickness),
          minQuantity: num(price.min_quantity),
        })),
      }),
    ),
    assets: assets.map((row): Asset => {
      const id = String(row.id);
      const timeModel: Asset['timeModel'] =
        row.time_model === 'laser-cutting'
          ? {
              kind: 'laser-cutting',
              rates: (cuttingByAsset.get(id) ?? []).map((rate) => ({
                materialGroupId: (rate.group_id as string | null) ?? null,
                thicknessFrom: num(rate.thickness_from),
                thicknessTo: num(rate.thickness_to),
                cutSpeed: String(rate.cut_speed),
                pierceTime: String(rate.pierce_time),
              })),
            }
          : row.time_model === 'bending'
            ? {
                kind: 'bending',
                secondsPerBend: (bendingByAsset.get(id) ?? []).map((rate) => ({ bendClass: String(rate.bend_class), seconds: String(rate.seconds) })),
                handlingSeconds: num(row.handling_seconds),
              }
            : null;
      return {
        id,
        name: String(row.name),
        calculateByTime: Boolean(row.calculate_by_time),
        prices: (bandsByAsset.get(id) ?? []).map((band) => ({
          quantity: String(band.quantity),
          inputCost: String(band.input_cost),
          setupCost: String(band.setup_cost),
          programCost: String(band.program_cost),
          price: String(band.price),
        })),
        timeModel,
      };
    }),
    parts: parts.map((row): Part => ({ id: String(row.id), name: String(row.name), number: (row.number as string) ?? null, ownCost: num(row.own_cost) })),
    suppliables: suppliables.map(
      (row): Suppliable => ({
        id: String(row.id),
        type: row.type as Suppliable['type'],
        partId: (row.part_id as string | null) ?? null,
        operationId: (row.operation_id as string | null) ?? null,
        number: (row.number as string) ?? null,
        supplierName: (row.supplier_name as string) ?? null,
        cost: String(row.cost),
        active: Boolean(row.usable),
        bulkPrices: (bulkBySuppliable.get(String(row.id)) ?? []).map((band) => ({
          minQuantity: String(band.min_quantity),
          maxQuantity: num(band.max_quantity),
          unitPrice: String(band.unit_price),
        })),
        factors: (factorsBySuppliable.get(String(row.id)) ?? []).map(factor),
      }),
    ),
    factors: factors.map(factor),
  };
}

/** The products with the given ids and every product below them as sub-assembly, with geometry and production lines. */
export async function loadProducts(manager: EntityManager, ids: string[]): Promise<Map<string, Product>> {
  const rows: Row[] = await manager.query(
    `WITH RECURSIVE tree(id) AS (
       SELECT unnest($1::uuid[])
       UNION
       SELECT line.sub_product_id FROM product_parts line JOIN tree ON line.product_id = tree.id WHERE line.sub_product_id IS NOT NULL
     )
     SELECT p.* FROM products p JOIN tree ON tree.id = p.id`,
    [ids],
  );
  const all = rows.map((row) => String(row.id));
  const lines = (table: string, order = 'created_at') => manager.query(`SELECT * FROM ${table} WHERE product_id = ANY($1::uuid[]) ORDER BY ${order}, id`, [all]) as Promise<Row[]>;
  const contours = await lines('product_contours');
  const holes = await lines('product_holes');
  const bends = await lines('product_bends');
  const materials = await lines('product_materials');
  const operations = await lines('product_operations', 'sorting');
  const parts = await lines('product_parts');
  // A line is named by its operation, else by its machine: "operation 2: Press brake 135 t".
  const named: Row[] = await manager.query(
    `SELECT id, name FROM operations WHERE id = ANY($1::uuid[]) UNION ALL SELECT id, name FROM assets WHERE id = ANY($2::uuid[])`,
    [idsOf(operations.map((line) => line.operation_id as string | null)), idsOf(operations.map((line) => line.asset_id as string | null))],
  );
  const names = new Map(named.map((row) => [String(row.id), String(row.name)]));
  const of = (lineRows: Row[]) => groupBy(lineRows, 'product_id');
  const [contoursOf, holesOf, bendsOf, materialsOf, operationsOf, partsOf] = [contours, holes, bends, materials, operations, parts].map(of);

  return new Map(
    rows.map((row): [string, Product] => {
      const id = String(row.id);
      const width = num(row.blank_width);
      const length = num(row.blank_length);
      const thickness = num(row.thickness);
      return [
        id,
        {
          id,
          name: String(row.name),
          number: (row.number as string) ?? null,
          materialId: (row.material_id as string | null) ?? null,
          blank: width && length && thickness ? { width, length, thickness, addedWidth: num(row.added_width), addedLength: num(row.added_length) } : null,
          geometry: {
            contours: (contoursOf.get(id) ?? []).map((line) => ({ kind: line.kind as 'inner' | 'outer', length: String(line.length), ...counted(line) })),
            holes: (holesOf.get(id) ?? []).map((line) => ({
              kind: line.kind as 'hole',
              toleranceClass: line.tolerance_class as 'default',
              diameter: num(line.diameter),
              innerDiameter: num(line.inner_diameter),
              outerDiameter: num(line.outer_diameter),
              depth: num(line.depth),
              innerDepth: num(line.inner_depth),
              outerDepth: num(line.outer_depth),
              through: Boolean(line.through),
              ...counted(line),
            })),
            bends: (bendsOf.get(id) ?? []).map((line) => ({
              bendClass: String(line.bend_class),
              length: num(line.length),
              angle: num(line.angle),
              combinedBends: Number(line.combined_bends),
              ...counted(line),
            })),
          },
          materials: (materialsOf.get(id) ?? []).map((line) => ({ materialId: String(line.material_id), usagePerUnit: num(line.usage_per_unit) })),
          operations: (operationsOf.get(id) ?? []).map((line) => ({
            name: names.get(String(line.operation_id ?? line.asset_id)) ?? '–',
            operationId: (line.operation_id as string | null) ?? null,
            sorting: Number(line.sorting),
            assetId: (line.asset_id as string | null) ?? null,
            timePerUnit: num(line.time_per_unit),
            hourlyRate: num(line.hourly_rate),
            programTime: num(line.program_time),
            programRate: num(line.program_rate),
            boughtIn: Boolean(line.bought_in),
          })),
          parts: (partsOf.get(id) ?? []).map(
            (line): ProductPart =>
              line.part_id
                ? { kind: 'part', partId: String(line.part_id), quantity: String(line.quantity) }
                : { kind: 'sub-assembly', productId: String(line.sub_product_id), quantity: String(line.quantity) },
          ),
        },
      ];
    }),
  );
}
