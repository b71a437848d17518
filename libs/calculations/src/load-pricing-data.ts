import { EntityManager } from 'typeorm';
import type { Asset, Factor, Material, MaterialGroup, Part, PriceData, Product, ProductPart, Suppliable } from '@fabquote/pricing';
import { FactorRow, PricingDataRepository } from './pricing-data.repository';

const num = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Rows grouped by a column, in one pass (each row pushed onto its group, never copied). */
const groupBy = <T, K extends keyof T>(rows: T[], key: K) => {
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
const counted = (row: { count?: number | string | null }): { count?: number } => (Number(row.count ?? 1) === 1 ? {} : { count: Number(row.count) });

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
  const reads = new PricingDataRepository(manager);
  const materials = await reads.materials(materialIds);
  const materialPrices = await reads.materialPrices(materialIds);
  const groupIds = idsOf(materials.map((row) => row.group_id));
  const groups = await reads.groups(groupIds);
  const groupPrices = await reads.groupPrices(groupIds);
  const assets = await reads.assets(assetIds);
  const assetBands = await reads.assetBands(assetIds);
  const cuttingRates = await reads.cuttingRates(assetIds);
  const bendingRates = await reads.bendingRates(assetIds);
  const parts = await reads.parts(partIds);
  const suppliables = await reads.suppliables(partIds, operationIds);
  const suppliableIds = suppliables.map((row) => String(row.id));
  const bulkPrices = await reads.bulkPrices(suppliableIds);
  const suppliableFactors = await reads.suppliableFactors(suppliableIds);
  const factors = await reads.organizationFactors();
  const pricesByMaterial = groupBy(materialPrices, 'material_id');
  const pricesByGroup = groupBy(groupPrices, 'group_id');
  const bandsByAsset = groupBy(assetBands, 'asset_id');
  const cuttingByAsset = groupBy(cuttingRates, 'asset_id');
  const bendingByAsset = groupBy(bendingRates, 'asset_id');
  const bulkBySuppliable = groupBy(bulkPrices, 'suppliable_id');
  const factorsBySuppliable = groupBy(suppliableFactors, 'suppliable_id');
  const factor = (row: FactorRow): Factor => ({
    id: String(row.id),
    name: String(row.name),
    value: String(row.value),
    validFrom: row.valid_from ?? null,
    validUntil: row.valid_until ?? null,
    scope: (row.scope as Factor['scope']) ?? 'total',
  });

  return {
    materials: materials.map(
      (row): Material => ({
        id: String(row.id),
        name: String(row.name),
        groupId: row.group_id ?? null,
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
                materialGroupId: rate.group_id ?? null,
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
    parts: parts.map((row): Part => ({ id: String(row.id), name: String(row.name), number: row.number ?? null, ownCost: num(row.own_cost) })),
    suppliables: suppliables.map(
      (row): Suppliable => ({
        id: String(row.id),
        type: row.type as Suppliable['type'],
        partId: row.part_id ?? null,
        operationId: row.operation_id ?? null,
        number: row.number ?? null,
        supplierName: row.supplier_name ?? null,
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
  const reads = new PricingDataRepository(manager);
  const rows = await reads.productTree(ids);
  const all = rows.map((row) => String(row.id));
  const contoursOf = groupBy(await reads.contours(all), 'product_id');
  const holesOf = groupBy(await reads.holes(all), 'product_id');
  const bendsOf = groupBy(await reads.bends(all), 'product_id');
  const materialsOf = groupBy(await reads.productMaterials(all), 'product_id');
  const operations = await reads.productOperations(all);
  const operationsOf = groupBy(operations, 'product_id');
  const partsOf = groupBy(await reads.productParts(all), 'product_id');
  // A line is named by its operation, else by its machine: "operation 2: Press brake 135 t".
  const named = await reads.lineNames(idsOf(operations.map((line) => line.operation_id)), idsOf(operations.map((line) => line.asset_id)));
  const names = new Map(named.map((row) => [String(row.id), String(row.name)]));

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
          number: row.number ?? null,
          materialId: row.material_id ?? null,
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
            operationId: line.operation_id ?? null,
            sorting: Number(line.sorting),
            assetId: line.asset_id ?? null,
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
