import { HttpStatus, Injectable } from '@nestjs/common';
import { calculateProducts, loadProducts } from '@fabquote/calculations';
import { TenantTransactions } from '@fabquote/database';
import { translate, Locale } from '@fabquote/i18n';
import { geometryFigures, PricingResult } from '@fabquote/pricing';
import { AppException, RecordNotFound } from '../common/app-exception';
import { ListSpec, Page, parseListRequest } from '../common/list-query';

const LIST: ListSpec = {
  sortable: { index: 'c.index', createdOn: 'c.created_on', createdAt: 'c.created_at' },
  filters: { productId: 'c.product_id' },
  searchable: ['c.reason'],
  defaultSort: 'index',
};

/** Per tier, the figures a list or a chart needs; the full explanation stays in the calculation itself. */
function summary(result: PricingResult) {
  return result.tiers.map((tier) => ({
    quantity: tier.quantity,
    unitPrice: tier.unitPrice.value,
    totalPrice: tier.totalPrice.value,
    material: tier.material.unit.value,
    labor: tier.labor.unit.value,
    purchase: tier.purchase.unit.value,
    setup: tier.setup.unit.value,
    program: tier.program.unit.value,
  }));
}

@Injectable()
export class CalculationsService {
  constructor(private readonly tenant: TenantTransactions) {}

  private get manager() {
    return this.tenant.manager();
  }

  async calculate(productId: string, userName: string, locale: Locale) {
    await this.productExists(productId);
    const run = await calculateProducts(this.manager, [productId], translate(locale, 'calculated_manually', { name: userName }));
    if (run.failed.length > 0) {
      throw new AppException(HttpStatus.UNPROCESSABLE_ENTITY, 'cannot_price', 'cannot_price', { reason: run.failed[0].message });
    }
    return this.get(run.calculated[0].id);
  }

  async list(query: Record<string, unknown>) {
    const request = parseListRequest(query, LIST);
    const where: string[] = [];
    const params: unknown[] = [];
    if (request.ids.length) where.push(`c.id::text = ANY($${params.push(request.ids)})`);
    if (request.filters.productId) where.push(`c.product_id::text = ANY($${params.push(request.filters.productId)})`);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    // Sequential: both run on the transaction's one connection.
    const rows = await this.manager.query(
      `SELECT c.id, c.product_id, c.index, c.created_on, c.reason, c.result FROM calculations c ${whereSql}
        ORDER BY ${LIST.sortable[request.sort ?? LIST.defaultSort]} ${request.order}, c.id
        LIMIT ${request.end - request.start} OFFSET ${request.start}`,
      params,
    );
    const [{ total }] = await this.manager.query(`SELECT count(*)::int AS total FROM calculations c ${whereSql}`, params);
    return new Page(
      rows.map((row: { id: string; product_id: string; index: number; created_on: string; reason: string; result: PricingResult }) => ({
        id: row.id,
        productId: row.product_id,
        index: row.index,
        createdOn: row.created_on,
        reason: row.reason,
        tiers: summary(row.result),
      })),
      total as number,
    );
  }

  async get(id: string) {
    const [row] = await this.manager.query(`SELECT * FROM calculations WHERE id = $1`, [id]);
    if (!row) throw new RecordNotFound();
    return {
      id: row.id,
      productId: row.product_id,
      index: row.index,
      createdOn: row.created_on,
      reason: row.reason,
      tiers: summary(row.result),
      result: row.result as PricingResult,
      inputs: row.inputs,
    };
  }

  /**
   * Replaces the product's bulk prices with bands from a calculation: each tier's unit
   * price holds from its quantity up to one below the next tier; the last is open.
   */
  async bulkPricesFrom(productId: string, calculationId: string) {
    await this.productExists(productId);
    const calculation = await this.get(calculationId);
    if (calculation.productId !== productId) throw new RecordNotFound();
    await this.manager.query(`DELETE FROM product_bulk_prices WHERE product_id = $1`, [productId]);
    const tiers = calculation.tiers;
    for (const [position, tier] of tiers.entries()) {
      const next = tiers[position + 1];
      await this.manager.query(`INSERT INTO product_bulk_prices (product_id, min_quantity, max_quantity, unit_price) VALUES ($1, $2, $3, $4)`, [
        productId,
        tier.quantity,
        next ? next.quantity - 1 : null,
        tier.unitPrice,
      ]);
    }
    const bands = await this.manager.query(
      `SELECT id, min_quantity::float8 AS "minQuantity", max_quantity::float8 AS "maxQuantity", unit_price::float8 AS "unitPrice"
         FROM product_bulk_prices WHERE product_id = $1 ORDER BY min_quantity`,
      [productId],
    );
    return bands;
  }

  /** Cut length, pierce count and bend count, derived from the product's contours, holes and bends, each explained. */
  async geometry(productId: string) {
    const product = (await loadProducts(this.manager, [productId])).get(productId);
    if (!product) throw new RecordNotFound();
    return geometryFigures(product.geometry ?? {});
  }

  private async productExists(productId: string): Promise<void> {
    const [product] = await this.manager.query(`SELECT 1 FROM products WHERE id = $1`, [productId]);
    if (!product) throw new RecordNotFound();
  }
}
