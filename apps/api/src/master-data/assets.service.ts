import { Injectable } from '@nestjs/common';
import { TenantTransactions } from '@fabquote/database';

/** Assets (machines) for other areas: master data owns the table. Works inside the caller's tenant transaction. */
@Injectable()
export class Assets {
  constructor(private readonly tenant: TenantTransactions) {}

  /** The shop's laser: its machine with time model `laser-cutting`, a quick-select one first, then the oldest. Null: none. */
  async laser(): Promise<string | null> {
    const [row]: Array<{ id: string }> = await this.tenant
      .manager()
      .query(`SELECT id FROM assets WHERE time_model = 'laser-cutting' ORDER BY quick_select DESC, created_at, id LIMIT 1`);
    return row?.id ?? null;
  }
}
