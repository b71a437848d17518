import { EntityManager } from 'typeorm';

/** A material as the engine reads it (`materials`). */
export interface MaterialRow {
  id: string;
  name: string;
  group_id: string | null;
  price_unit: string;
  price_per_unit: string;
  density: string | null;
  width: string | null;
  length: string | null;
}

/** A material's price from a day on (`material_prices`). */
export interface MaterialPriceRow {
  material_id: string;
  price: string;
  valid_from: string;
}

/** A material group (`material_groups`). */
export interface MaterialGroupRow {
  id: string;
  name: string;
}

/** A group's price from a day on, by thickness and quantity (`group_prices`). */
export interface GroupPriceRow {
  group_id: string;
  price: string;
  valid_from: string;
  min_thickness: string | null;
  max_thickness: string | null;
  min_quantity: string | null;
}

/** A machine (`assets`). */
export interface AssetRow {
  id: string;
  name: string;
  calculate_by_time: boolean;
  time_model: string | null;
  handling_seconds: string | null;
}

/** A machine's price band (`asset_prices`). */
export interface AssetBandRow {
  asset_id: string;
  quantity: string;
  input_cost: string;
  setup_cost: string;
  program_cost: string;
  price: string;
}

/** A laser's cutting rate by material group and thickness (`asset_cutting_rates`). */
export interface CuttingRateRow {
  asset_id: string;
  group_id: string | null;
  thickness_from: string | null;
  thickness_to: string | null;
  cut_speed: string;
  pierce_time: string;
}

/** A press brake's seconds per bend class (`asset_bending_rates`). */
export interface BendingRateRow {
  asset_id: string;
  bend_class: string;
  seconds: string;
}

/** A part (`parts`). */
export interface PartRow {
  id: string;
  name: string;
  number: string | null;
  own_cost: string | null;
}

/** A suppliable with its supplier's name and whether it can be bought (active, from an active supplier). */
export interface SuppliableRow {
  id: string;
  type: string;
  part_id: string | null;
  operation_id: string | null;
  number: string | null;
  supplier_name: string | null;
  cost: string;
  usable: boolean;
}

/** A suppliable's price per unit from a quantity on (`suppliable_bulk_prices`). */
export interface BulkPriceRow {
  suppliable_id: string;
  min_quantity: string;
  max_quantity: string | null;
  unit_price: string;
}

/** A factor (`factors`). */
export interface FactorRow {
  id: string;
  name: string;
  value: string;
  valid_from: string | null;
  valid_until: string | null;
  scope: string | null;
}

/** A factor linked to a suppliable. */
export interface SuppliableFactorRow extends FactorRow {
  suppliable_id: string;
}

/** A product (`products`). */
export interface ProductRow {
  id: string;
  name: string;
  number: string | null;
  material_id: string | null;
  blank_width: string | null;
  blank_length: string | null;
  thickness: string | null;
  added_width: string | null;
  added_length: string | null;
}

/** What every line of a product has: its product, and for geometry how many times it occurs. */
interface ProductLineRow {
  product_id: string;
  count?: number | string | null;
}

/** A contour of a product's geometry (`product_contours`). */
export interface ContourRow extends ProductLineRow {
  kind: string;
  length: string;
}

/** A hole of a product's geometry (`product_holes`). */
export interface HoleRow extends ProductLineRow {
  kind: string;
  tolerance_class: string;
  diameter: string | null;
  inner_diameter: string | null;
  outer_diameter: string | null;
  depth: string | null;
  inner_depth: string | null;
  outer_depth: string | null;
  through: boolean;
}

/** A bend of a product's geometry (`product_bends`). */
export interface BendRow extends ProductLineRow {
  bend_class: string;
  length: string | null;
  angle: string | null;
  combined_bends: number | string;
}

/** A material a product uses beside its sheet (`product_materials`). */
export interface ProductMaterialRow extends ProductLineRow {
  material_id: string;
  usage_per_unit: string | null;
}

/** A production line of a product (`product_operations`). */
export interface ProductOperationRow extends ProductLineRow {
  operation_id: string | null;
  asset_id: string | null;
  sorting: number | string;
  time_per_unit: string | null;
  hourly_rate: string | null;
  program_time: string | null;
  program_rate: string | null;
  bought_in: boolean;
}

/** A part or sub-assembly a product is made of (`product_parts`). */
export interface ProductPartRow extends ProductLineRow {
  part_id: string | null;
  sub_product_id: string | null;
  quantity: string;
}

/** An operation's or a machine's name, by its id. */
export interface NamedRow {
  id: string;
  name: string;
}

/**
 * The reads pricing needs, built over the manager of the caller's tenant transaction. Every read by ids goes
 * through the tables' indexes (`= ANY($1::uuid[])`), in the order the rows are stored (see `loadPriceData`).
 * The caller runs them one after the other: a transaction is one connection, and pg refuses overlapping queries on it.
 */
export class PricingDataRepository {
  constructor(private readonly manager: EntityManager) {}

  materials(ids: string[]): Promise<MaterialRow[]> {
    return this.byIds<MaterialRow>(ids, `SELECT * FROM materials WHERE id = ANY($1::uuid[]) ORDER BY ctid`);
  }

  materialPrices(materialIds: string[]): Promise<MaterialPriceRow[]> {
    return this.byIds<MaterialPriceRow>(
      materialIds,
      `SELECT material_id, price, valid_from FROM material_prices WHERE material_id = ANY($1::uuid[]) ORDER BY valid_from, ctid`,
    );
  }

  groups(ids: string[]): Promise<MaterialGroupRow[]> {
    return this.byIds<MaterialGroupRow>(ids, `SELECT id, name FROM material_groups WHERE id = ANY($1::uuid[]) ORDER BY ctid`);
  }

  groupPrices(groupIds: string[]): Promise<GroupPriceRow[]> {
    return this.byIds<GroupPriceRow>(groupIds, `SELECT * FROM group_prices WHERE group_id = ANY($1::uuid[]) ORDER BY valid_from, ctid`);
  }

  assets(ids: string[]): Promise<AssetRow[]> {
    return this.byIds<AssetRow>(ids, `SELECT * FROM assets WHERE id = ANY($1::uuid[]) ORDER BY ctid`);
  }

  assetBands(assetIds: string[]): Promise<AssetBandRow[]> {
    return this.byIds<AssetBandRow>(assetIds, `SELECT * FROM asset_prices WHERE asset_id = ANY($1::uuid[]) ORDER BY quantity, ctid`);
  }

  /** In any order that is stable: the most specific rate applies, not the first (libs/pricing README). */
  cuttingRates(assetIds: string[]): Promise<CuttingRateRow[]> {
    return this.byIds<CuttingRateRow>(
      assetIds,
      `SELECT * FROM asset_cutting_rates WHERE asset_id = ANY($1::uuid[]) ORDER BY thickness_from NULLS FIRST, thickness_to NULLS FIRST, id`,
    );
  }

  bendingRates(assetIds: string[]): Promise<BendingRateRow[]> {
    return this.byIds<BendingRateRow>(assetIds, `SELECT * FROM asset_bending_rates WHERE asset_id = ANY($1::uuid[]) ORDER BY ctid`);
  }

  parts(ids: string[]): Promise<PartRow[]> {
    return this.byIds<PartRow>(ids, `SELECT id, name, number, own_cost FROM parts WHERE id = ANY($1::uuid[]) ORDER BY ctid`);
  }

  /** The suppliables of the given parts and operations (none asked: none read). */
  async suppliables(partIds: string[], operationIds: string[]): Promise<SuppliableRow[]> {
    if (partIds.length === 0 && operationIds.length === 0) return [];
    return this.manager.query<SuppliableRow[]>(
      `SELECT s.*, sp.name AS supplier_name, (s.active AND sp.status = 'active') AS usable
         FROM suppliables s JOIN suppliers sp ON sp.id = s.supplier_id
        WHERE s.part_id = ANY($1::uuid[]) OR s.operation_id = ANY($2::uuid[])
        ORDER BY s.ctid`,
      [partIds, operationIds],
    );
  }

  bulkPrices(suppliableIds: string[]): Promise<BulkPriceRow[]> {
    return this.byIds<BulkPriceRow>(
      suppliableIds,
      `SELECT * FROM suppliable_bulk_prices WHERE suppliable_id = ANY($1::uuid[]) ORDER BY min_quantity, ctid`,
    );
  }

  suppliableFactors(suppliableIds: string[]): Promise<SuppliableFactorRow[]> {
    return this.byIds<SuppliableFactorRow>(
      suppliableIds,
      `SELECT sf.suppliable_id, f.* FROM suppliable_factors sf JOIN factors f ON f.id = sf.factor_id WHERE sf.suppliable_id = ANY($1::uuid[]) ORDER BY sf.ctid`,
    );
  }

  /** The organization's factors: a factor linked to a suppliable multiplies that suppliable's price only, once. */
  organizationFactors(): Promise<FactorRow[]> {
    return this.manager.query<FactorRow[]>(`SELECT f.* FROM factors f WHERE NOT EXISTS (SELECT 1 FROM suppliable_factors sf WHERE sf.factor_id = f.id)`);
  }

  /** The products with the given ids and every product below them as sub-assembly. */
  productTree(ids: string[]): Promise<ProductRow[]> {
    return this.manager.query<ProductRow[]>(
      `WITH RECURSIVE tree(id) AS (
       SELECT unnest($1::uuid[])
       UNION
       SELECT line.sub_product_id FROM product_parts line JOIN tree ON line.product_id = tree.id WHERE line.sub_product_id IS NOT NULL
     )
     SELECT p.* FROM products p JOIN tree ON tree.id = p.id`,
      [ids],
    );
  }

  contours(productIds: string[]): Promise<ContourRow[]> {
    return this.lines<ContourRow>('product_contours', productIds);
  }

  holes(productIds: string[]): Promise<HoleRow[]> {
    return this.lines<HoleRow>('product_holes', productIds);
  }

  bends(productIds: string[]): Promise<BendRow[]> {
    return this.lines<BendRow>('product_bends', productIds);
  }

  productMaterials(productIds: string[]): Promise<ProductMaterialRow[]> {
    return this.lines<ProductMaterialRow>('product_materials', productIds);
  }

  productOperations(productIds: string[]): Promise<ProductOperationRow[]> {
    return this.lines<ProductOperationRow>('product_operations', productIds, 'sorting');
  }

  productParts(productIds: string[]): Promise<ProductPartRow[]> {
    return this.lines<ProductPartRow>('product_parts', productIds);
  }

  /** The names of the given operations and machines, in one read. */
  lineNames(operationIds: string[], assetIds: string[]): Promise<NamedRow[]> {
    return this.manager.query<NamedRow[]>(
      `SELECT id, name FROM operations WHERE id = ANY($1::uuid[]) UNION ALL SELECT id, name FROM assets WHERE id = ANY($2::uuid[])`,
      [operationIds, assetIds],
    );
  }

  /** A product line table's rows for the given products, in the order they were added. */
  private lines<T extends ProductLineRow>(table: string, productIds: string[], order = 'created_at'): Promise<T[]> {
    return this.manager.query<T[]>(`SELECT * FROM ${table} WHERE product_id = ANY($1::uuid[]) ORDER BY ${order}, id`, [productIds]);
  }

  /** Rows by the given ids (none asked: none read). */
  private async byIds<T>(ids: string[], sql: string): Promise<T[]> {
    return ids.length === 0 ? [] : this.manager.query<T[]>(sql, [ids]);
  }
}
