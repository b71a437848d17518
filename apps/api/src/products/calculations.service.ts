import { HttpStatus, Injectable } from '@nestjs/common';
import { calculateProducts, explainCalculation, loadProducts, reasonIn, standardTiers, warningsIn } from '@fabquote/calculations';
import { TenantTransactions } from '@fabquote/database';
import { Locale } from '@fabquote/i18n';
import { geometryFigures, PricedTiers } from '@fabquote/pricing';
import { AppException, RecordNotFound } from '../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../common/list-query';
import { CalculationRepository, CalculationRow, CalculationSummaryRow } from './calculation.repository';
import { ProductRepository } from './product.repository';

export const LIST: ListSpec = {
  sortable: { index: 't.index', createdOn: 't.created_on', createdAt: 't.created_at' },
  filters: { productId: { uuid: 't.product_id' } },
  /** `reason` holds the reason in every language, so either finds it. */
  searchable: ['t.reason'],
  defaultSort: 'index',
};

/** Per tier, the prices per piece a list or a chart needs; opening one calculation explains them. */
function summary(result: PricedTiers) {
  return result.tiers.map((tier) => ({
    quantity: tier.quantity,
    unitPrice: tier.unitPrice,
    totalPrice: tier.totalPrice,
    material: tier.material.unit,
    labor: tier.labor.unit,
    purchase: tier.purchase.unit,
    setup: tier.setup.unit,
    program: tier.program.unit,
  }));
}

/** The quantities a calculation was priced at (its tiers), as numbers. */
const quantitiesOf = (row: CalculationSummaryRow) => row.quantities.map(Number);

@Injectable()
export class CalculationsService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly products: ProductRepository,
    private readonly calculations: CalculationRepository,
  ) {}

  private get manager() {
    return this.tenant.manager();
  }

  /**
   * Prices the product at `quantities` (whole, ascending), else at the organization's `quantity-tiers`. Quantities
   * other than those tiers make a what-if (`whatIf`): order items do not take their price from it unless chosen.
   */
  async calculate(productId: string, userName: string, locale: Locale, quantities?: string[]) {
    await this.productExists(productId);
    const whatIf = quantities !== undefined && quantities.join(',') !== (await standardTiers(this.manager)).join(',');
    const run = await calculateProducts(this.manager, [productId], { key: 'calculated_manually', params: { name: userName } }, { quantities, whatIf });
    if (run.failed.length > 0) {
      throw new AppException(HttpStatus.UNPROCESSABLE_ENTITY, 'cannot_price', 'cannot_price', { reason: run.failed[0].error.messageIn(locale) });
    }
    return this.get(run.calculated[0].id, locale);
  }

  async quantityTiers(): Promise<{ quantities: number[] }> {
    return { quantities: (await standardTiers(this.manager)).map(Number) };
  }

  async list(query: Record<string, unknown>, locale: Locale) {
    const page = await readPage(this.calculations.listRows(), parseListRequest(query, LIST), LIST);
    return new Page(
      page.rows.map((row) => calculationSummary(row, locale)),
      page.total,
    );
  }

  /**
   * One calculation with its explanation, written again from the stored inputs in the reader's
   * language. `result` is null when today's engine no longer gives the stored prices; the prices
   * stay as stored.
   */
  async get(id: string, locale: Locale) {
    const row = await this.row(id);
    return {
      ...calculationSummary(row, locale),
      result: explainCalculation(row.inputs, row.result, locale),
      inputs: row.inputs,
    };
  }

  /**
   * Replaces the product's bulk prices with bands from a calculation: each tier's unit
   * price holds from its quantity up to one below the next tier; the last is open.
   */
  async bulkPricesFrom(productId: string, calculationId: string) {
    await this.productExists(productId);
    const calculation = await this.row(calculationId);
    if (calculation.product_id !== productId) throw new RecordNotFound();
    const tiers = summary(calculation.result);
    const bands = tiers.map((tier, position) => {
      const next = tiers[position + 1];
      return { minQuantity: tier.quantity, maxQuantity: next ? next.quantity - 1 : null, unitPrice: tier.unitPrice };
    });
    return this.products.replaceBulkPrices(productId, bands);
  }

  /** Cut length, pierce count and bend count, derived from the product's contours, holes and bends, each explained. */
  async geometry(productId: string, locale: Locale) {
    const product = (await loadProducts(this.manager, [productId])).get(productId);
    if (!product) throw new RecordNotFound();
    return geometryFigures(product.geometry ?? {}, locale);
  }

  private async row(id: string): Promise<CalculationRow> {
    const row = await this.calculations.find(id);
    if (!row) throw new RecordNotFound();
    return row;
  }

  private async productExists(productId: string): Promise<void> {
    if (!(await this.products.exists(productId))) throw new RecordNotFound();
  }
}

/** What a calculation says in a list and at the head of its page: who, when, why, at which quantities, the prices per tier. */
function calculationSummary(row: CalculationSummaryRow, locale: Locale) {
  const result = row.result;
  return {
    id: row.id,
    productId: row.product_id,
    index: row.index,
    createdOn: row.created_on,
    reason: reasonIn(locale, row),
    quantities: quantitiesOf(row),
    whatIf: row.what_if === true,
    warnings: warningsIn(locale, row),
    currency: result.currency,
    tiers: summary(result),
  };
}
