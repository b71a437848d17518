import { EntityManager } from 'typeorm';
import type { Asset, Factor, Material, MaterialGroup, Part, PriceData, Product, ProductPart, Suppliable } from '@fabquote/pricing';

type Row = Record<string, string | number | boolean | null>;

const num = (value: unknown) => (value === null || value === undefined ? null : String(value));
const groupBy = <T extends Row>(rows: T[], key: string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const id = String(row[key]);
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  return groups;
};

/**
 * Everything the engine needs to price products, read inside the current tenant
 * transaction (row-level security decides what is visible): the organization's price
 * data, loaded once, and the products asked for with every sub-assembly below them.
 */
export async function loadPriceData(manager: EntityManager): Promise<Omit<PriceData, 'products'>> {
  const q = (sql: string) => manager.query(sql) as Promise<Row[]>;
  // One after the other: a transaction is one connection, and pg serializes (and will refuse) overlapping queries on it.
  const results: Row[][] = [];
  for (const sql of [
    `SELECT * FROM materials`,
    `SELECT material_id, price, valid_from FROM material_prices ORDER BY valid_from`,
    `SELECT id, name FROM material_groups`,
    `SELECT * FROM group_prices ORDER BY valid_from`,
    `SELECT * FROM assets`,
    `SELECT * FROM asset_prices ORDER BY quantity`,
    // In any order: the most specific rate applies, not the first (libs/pricing README).
    `SELECT * FROM asset_cutting_rates ORDER BY thickness_from NULLS FIRST, thickness_to NULLS FIRST, id`,
    `SELECT * FROM asset_bending_rates`,
    `SELECT id, name, number, own_cost FROM parts`,
    `SELECT s.*, sp.name AS supplier_name, (s.active AND sp.status = 'active') AS usable FROM suppliables s JOIN suppliers sp ON sp.id = s.supplier_id`,
    `SELECT * FROM suppliable_bulk_prices ORDER BY min_quantity`,
    `SELECT sf.suppliable_id, f.* FROM suppliable_factors sf JOIN factors f ON f.id = sf.factor_id`,
    // The organization's factors: a factor linked to a suppliable multiplies that suppliable's price only, once.
    `SELECT f.* FROM factors f WHERE NOT EXISTS (SELECT 1 FROM suppliable_factors sf WHERE sf.factor_id = f.id)`,
  ]) {
    results.push(await q(sql));
  }
  const [materials, materialPrices, groups, groupPrices, assets, assetBands, cuttingRates, bendingRates, parts, suppliables, bulkPrices, suppliableFactors, factors] = results;
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
  const named: Row[] = await manager.query(`SELECT id, name FROM operations UNION ALL SELECT id, name FROM assets`);
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
            contours: (contoursOf.get(id) ?? []).map((line) => ({ kind: line.kind as 'inner' | 'outer', length: String(line.length) })),
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
            })),
            bends: (bendsOf.get(id) ?? []).map((line) => ({
              bendClass: String(line.bend_class),
              length: num(line.length),
              angle: num(line.angle),
              combinedBends: Number(line.combined_bends),
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
