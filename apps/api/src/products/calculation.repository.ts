import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import type { Phrase } from '@fabquote/i18n';
import type { PricedTiers, PricingRequest } from '@fabquote/pricing';

/** What a list of calculations shows of one: who, when, why, at which quantities, the prices per tier. */
export interface CalculationSummaryRow {
  id: string;
  product_id: string;
  index: number;
  /** ISO date. */
  created_on: string;
  /** The reason as text (in every language), the phrase when it was stored as one. */
  reason: string;
  reason_phrase: Phrase | null;
  /** Exact decimals. */
  quantities: string[];
  what_if: boolean;
  result: PricedTiers;
  warnings: Phrase[] | null;
}

/** A calculation with what it was priced from. */
export interface CalculationRow extends CalculationSummaryRow {
  inputs: PricingRequest;
}

/** The products' calculations (`calculations`), in the tenant transaction. The list reads them through `readPage`. */
@Injectable()
export class CalculationRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  /** Every calculation's summary columns, as `t`: the list (`LIST` of the calculations service) pages, sorts and filters it. */
  listRows(): SelectQueryBuilder<CalculationSummaryRow> {
    return this.tenant
      .manager()
      .createQueryBuilder()
      .select('t.id, t.product_id, t.index, t.created_on, t.reason, t.reason_phrase, t.quantities, t.what_if, t.result, t.warnings')
      .from<CalculationSummaryRow>('calculations', 't');
  }

  async find(id: string): Promise<CalculationRow | null> {
    const [row] = await this.tenant
      .manager()
      .query<CalculationRow[]>(`SELECT id, product_id, index, created_on, reason, reason_phrase, quantities, what_if, result, warnings, inputs FROM calculations WHERE id = $1`, [id]);
    return row ?? null;
  }
}
