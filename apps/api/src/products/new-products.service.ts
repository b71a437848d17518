import { Injectable } from '@nestjs/common';
import { FieldInvalid } from '../common/app-exception';
import { ProductInsert, ProductionLine, ProductRepository } from './product.repository';

/** A product made by another area (a survey's input read into products): its fields, geometry and production lines. */
export interface NewProduct extends ProductInsert {
  status: 'generated_from_data_extractor';
}

/**
 * How another area creates products (a survey): products owns the tables, so its rules run here as they do behind
 * its API: a part has one outer contour (`oneOuterContour`), the number is the organization's own
 * (`products_number_unique`), lines refer to the catalogue by id. Works inside the caller's tenant transaction
 * (`TenantTransactions.manager()`), so the product, its geometry and what the caller writes with it are all or
 * nothing; emits no event (the caller prices).
 */
@Injectable()
export class NewProducts {
  constructor(private readonly products: ProductRepository) {}

  /** The product numbers of the organization that these bases, or their `-n` variants, could meet. */
  async takenNumbers(bases: readonly string[]): Promise<Set<string>> {
    const rows = await this.products.numbersLike(bases.map((base) => base.slice(0, 240)));
    return new Set(rows.map((row) => row.number));
  }

  /**
   * The line the organization's products most often give a machine: its operation and rates (the most used
   * combination, the latest used first among equals); the machine alone when no product uses it yet.
   */
  async usualLine(assetId: string): Promise<ProductionLine> {
    const usual = await this.products.usualLine(assetId);
    return { assetId, operationId: usual?.operationId ?? null, hourlyRate: usual?.hourlyRate ?? null, programTime: usual?.programTime ?? null, programRate: usual?.programRate ?? null };
  }

  /** Creates the product with its contours, holes, bends and lines (each kind in one statement however many there are); answers its id. */
  async create(product: NewProduct): Promise<string> {
    if (product.contours.filter((contour) => contour.kind === 'outer').length > 1) throw new FieldInvalid('kind', 'second_outer_contour');
    return this.products.insert({ ...product, name: product.name.slice(0, 255) });
  }
}
