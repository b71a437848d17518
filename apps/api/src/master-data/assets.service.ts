import { Injectable } from '@nestjs/common';
import { CatalogueRepository } from './catalogue.repository';

/** Assets (machines) for other areas: master data owns the table. Works inside the caller's tenant transaction. */
@Injectable()
export class Assets {
  constructor(private readonly catalogue: CatalogueRepository) {}

  /** The shop's laser: its machine with time model `laser-cutting`, a quick-select one first, then the oldest. Null: none. */
  async laser(): Promise<string | null> {
    const row = await this.catalogue.laser();
    return row?.id ?? null;
  }
}
