import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';

/** A product's material and thickness as another area sets them; null keeps what the product has. */
export interface MaterialChange {
  materialId: string | null;
  /** Exact (numeric text). */
  thickness: string | null;
}

/**
 * Products' changes that other areas ask for (docs/architecture.md "Who owns which table"): a survey drops a
 * product its review does not want, the quote page sets the customer's material wish on the parts it made. In the
 * caller's tenant transaction; the products' pricing follows from their own events.
 */
@Injectable()
export class ProductEdits {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  /**
   * Deletes a product and with it (ON DELETE CASCADE) its geometry, lines, calculations and whatever only it had. A
   * product something else uses (an order, a purchase request, an assembly: a RESTRICT reference) stays: 'in-use'.
   * The database's own foreign keys say whether it is used, whatever references products now or later.
   */
  async dropUnlessUsed(productId: string): Promise<'dropped' | 'in-use'> {
    await this.manager.query('SAVEPOINT drop_product');
    try {
      await this.manager.query(`DELETE FROM products WHERE id = $1`, [productId]);
    } catch (error) {
      await this.manager.query('ROLLBACK TO SAVEPOINT drop_product');
      if ((error as { driverError?: { code?: string }; code?: string }).driverError?.code === '23503' || (error as { code?: string }).code === '23503') return 'in-use';
      throw error;
    }
    await this.manager.query('RELEASE SAVEPOINT drop_product');
    return 'dropped';
  }

  /** Sets the material and the thickness of these products where given. */
  async setMaterial(productIds: string[], change: MaterialChange): Promise<void> {
    if (productIds.length === 0 || (!change.materialId && !change.thickness)) return;
    await this.manager.query(
      `UPDATE products SET material_id = coalesce($2::uuid, material_id), thickness = coalesce($3::numeric, thickness), updated_at = now()
        WHERE id = ANY($1::uuid[])`,
      [productIds, change.materialId, change.thickness],
    );
  }
}
