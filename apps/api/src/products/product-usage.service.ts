import { Injectable } from '@nestjs/common';
import { ProductRepository } from './product.repository';

/** A product using a part or an operation, with the quantities of its latest calculation (null: never calculated). */
export interface ProductInUse {
  id: string;
  number: string | null;
  name: string;
  calculated: string[] | null;
  /** Whether it has a latest calculation. */
  hasCalculation: boolean;
}

/**
 * What products use, for other areas (an award buys parts and operations for products' lines and reprices what uses
 * them): products owns its lines and calculations, so other areas read them here, in the caller's tenant transaction.
 */
@Injectable()
export class ProductUsage {
  constructor(private readonly products: ProductRepository) {}

  /** What each production line buys (line id → its operation) and each part line (line id → its part); null: nothing bought. */
  async bought(lines: { operationLineIds: readonly string[]; partLineIds: readonly string[] }): Promise<Map<string, string | null>> {
    if (lines.operationLineIds.length + lines.partLineIds.length === 0) return new Map();
    const rows = await this.products.boughtBy(lines.operationLineIds, lines.partLineIds);
    return new Map(rows.map((row) => [row.id, row.target_id]));
  }

  /**
   * The products using these parts or operations and every assembly above them, by number then id; each with its
   * latest calculation's quantities.
   */
  async using(input: { partIds: readonly string[]; operationIds: readonly string[] }): Promise<ProductInUse[]> {
    return this.products.using(input.partIds, input.operationIds);
  }
}
