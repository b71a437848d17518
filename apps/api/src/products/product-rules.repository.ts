import { EntityManager } from 'typeorm';

/**
 * Products' reads for its record rules: built over the write's manager (a `RecordRule` gets it), so it reads inside
 * the same tenant transaction and its lock lasts until that ends.
 */
export class ProductRulesRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Whether `productId` is `subProductId` or contained in it at any depth of its sub-assemblies. */
  async contains(subProductId: string, productId: string): Promise<boolean> {
    const rows = await this.manager.query<unknown[]>(
      `WITH RECURSIVE contained(id) AS (
         SELECT $1::uuid
         UNION
         SELECT line.sub_product_id FROM product_parts line JOIN contained ON line.product_id = contained.id WHERE line.sub_product_id IS NOT NULL
       )
       SELECT 1 FROM contained WHERE id = $2 LIMIT 1`,
      [subProductId, productId],
    );
    return rows.length > 0;
  }

  /** Locks the product (`FOR UPDATE`) until the transaction ends. */
  async lockProduct(productId: string): Promise<void> {
    await this.manager.query<unknown[]>(`SELECT 1 FROM products WHERE id = $1 FOR UPDATE`, [productId]);
  }

  /** Whether the product has an outer contour other than `id`. */
  async hasOtherOuterContour(productId: string, id: string | null): Promise<boolean> {
    const rows = await this.manager.query<unknown[]>(`SELECT 1 FROM product_contours WHERE product_id = $1 AND kind = 'outer' AND id IS DISTINCT FROM $2::uuid LIMIT 1`, [
      productId,
      id,
    ]);
    return rows.length > 0;
  }
}
