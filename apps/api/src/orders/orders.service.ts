import { HttpStatus, Injectable } from '@nestjs/common';
import { nextDocumentNumber, Organization, organizationCurrency } from '@fabquote/database';
import { Locale, translate } from '@fabquote/i18n';
import { AppException, FieldInvalid, RecordNotFound } from '../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage, SqlFilter } from '../common/list-query';
import { optionalText, requiredText } from '../common/text-field';
import { orderDefaults, vatRate } from '../settings';
import { chosenCalculationFound, pricedItem } from './item-pricing';
import { Order } from './order.entity';
import { ChangeOrderStatusDto, CreateOrderDto, UpdateOrderDto } from './order.dto';
import { calendarDate, daysAhead, orderQuantity, percentOf, samePrice, unitPriceOf } from './order-input';
import { OrderRepository, OrderRow, OrderStatusChangeRow } from './order.repository';
import { canChangeStatus, deletable, ORDER_TRANSITIONS, OrderStatus, totalsEditable } from './order-status';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Orders holding a product: `productId=…` (the product's items tab finds its orders through `order-items`). */
const holdingProduct: SqlFilter = (values, param) => {
  const ids = values.filter((value) => UUID.test(value));
  return ids.length === 0 ? 'false' : `EXISTS (SELECT 1 FROM order_items f WHERE f.order_id = t.id AND f.product_id = ANY(${param(ids)}::uuid[]))`;
};
/** `createdAt_gte=2026-01-01`, `createdAt_lte=2026-01-31`: whole days (UTC), both ends included; anything else is a 400. */
const createdBound =
  (name: string, operator: '>=' | '<'): SqlFilter =>
  (values, param) =>
    values
      .map((value) => {
        if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value.slice(0, 10)))) {
          throw new AppException(HttpStatus.BAD_REQUEST, 'invalid_list_parameter', 'list_parameter', {}, { [name]: { key: 'list_parameter' } });
        }
        const day = new Date(`${value.slice(0, 10)}T00:00:00Z`);
        if (operator === '<') day.setUTCDate(day.getUTCDate() + 1);
        return `t.created_at ${operator} ${param(day.toISOString())}::timestamptz`;
      })
      .join(' AND ');
const CUSTOM_FILTERS: Record<string, SqlFilter> = {
  productId: holdingProduct,
  createdAt_gte: createdBound('createdAt_gte', '>='),
  createdAt_lte: createdBound('createdAt_lte', '<'),
};

export const LIST: ListSpec = {
  sortable: {
    number: 't.number',
    name: 't.name',
    status: 't.status',
    customerName: 't.customer_name',
    validUntil: 't.valid_until',
    shippingDate: 't.shipping_date',
    currency: 't.currency',
    itemsCount: 't.items_count',
    totalQuantity: 't.total_quantity',
    valueOfGoods: 't.value_of_goods',
    totalWithVat: 't.total_with_vat',
    statusChangedAt: 't.status_changed_at',
    createdAt: 't.created_at',
    updatedAt: 't.updated_at',
  },
  filters: {
    status: 't.status',
    customerId: { uuid: 't.customer_id' },
    language: 't.language',
    currency: 't.currency',
    createdBy: { uuid: 't.created_by' },
    productId: 'productId',
    createdAt_gte: 'createdAt_gte',
    createdAt_lte: 'createdAt_lte',
  },
  searchable: ['t.name', 't.number', 't.request_number', 't.customer_name', 't.contact_name'],
  defaultSort: 'createdAt',
};

export const STATUS_CHANGES_LIST: ListSpec = {
  sortable: { changedAt: 't.changed_at', toStatus: 't.to_status' },
  filters: { orderId: { uuid: 't.order_id' }, toStatus: 't.to_status', fromStatus: 't.from_status', changedBy: { uuid: 't.changed_by' } },
  searchable: [],
  defaultSort: 'changedAt',
};

/** An order as answered: its row and what may be done with it. */
export interface OrderAnswerRow extends OrderRow {
  deletable: boolean;
  nextStatuses: OrderStatus[];
}

/**
 * What may be done with an order in its status, so a console offers only that: deleting it, and the statuses it may
 * go to. Added to the row itself (a fresh row, read for this answer), not to a copy of its forty fields.
 */
const withActions = (row: OrderRow): OrderAnswerRow =>
  Object.assign(row, { deletable: deletable(row.status), nextStatuses: [...ORDER_TRANSITIONS[row.status]] });

const statusName = (locale: Locale, status: OrderStatus) => translate(locale, `order_status_${status}`);

/** 409: the order's status does not allow this (a sent offer keeps its totals; what was offered or ordered stays). */
export const refusedIn = (locale: Locale, key: 'order_not_draft' | 'order_not_deletable', status: OrderStatus) =>
  new AppException(HttpStatus.CONFLICT, key, key, { status: statusName(locale, status) });

/** The currency setting as an order keeps it: three capital letters, else EUR (a setting is any text). */
async function defaultCurrency(order: OrderRepository): Promise<string> {
  const currency = (await organizationCurrency(order.manager)).toUpperCase();
  return /^[A-Z]{3}$/.test(currency) ? currency : 'EUR';
}

/**
 * Orders (docs/api-orders.md): created from selected products, their header edited, moved through
 * their statuses (order-status.ts) with who and when kept, deleted while a draft or declined.
 */
@Injectable()
export class OrdersService {
  constructor(private readonly orders: OrderRepository) {}

  async list(query: Record<string, unknown>): Promise<Page<OrderAnswerRow>> {
    const page = await readPage<OrderRow>(this.orders.listBuilder('orders'), parseListRequest(query, LIST), LIST, CUSTOM_FILTERS);
    return new Page((await this.orders.withUserNames(page.rows, 'createdBy', 'createdByName')).map(withActions), page.total);
  }

  async get(id: string): Promise<OrderAnswerRow> {
    const row = await this.orders.record('orders', id);
    if (!row) throw new RecordNotFound();
    const [named] = await this.orders.withUserNames([row], 'createdBy', 'createdByName');
    return withActions(named);
  }

  /**
   * A draft from the selected products, each at the price it takes for its quantity, with the
   * organization's currency and VAT rate unless given, the company profile's payment and shipping terms and
   * validity (30 days without one) unless given; its
   * creation is the first line of its status history. Answers the order and "Order created successfully".
   */
  async create(input: CreateOrderDto, createdBy: string, organization: Organization, locale: Locale) {
    const items = input.items.map((item, index) => ({
      productId: item.productId,
      quantity: orderQuantity(item.quantity, `items.${index}.quantity`),
      unitPrice: item.unitPrice === undefined || item.unitPrice === null ? null : unitPriceOf(item.unitPrice, `items.${index}.unitPrice`),
      reason: optionalText(item.unitPriceReason),
      discountPercent: item.discountPercent === undefined || item.discountPercent === null ? '0' : percentOf(item.discountPercent, `items.${index}.discountPercent`),
    }));
    const productIds = items.map((item) => item.productId);
    // A calculation chosen per line (a what-if, say); the others take the product's latest standard one.
    const chosen = new Map(input.items.flatMap((item) => (item.calculationId ? [[item.productId, item.calculationId] as [string, string]] : [])));
    const products = await this.orders.productPrices(productIds, chosen);
    const prices = items.map((item, index) => {
      const product = products.get(item.productId);
      if (!product) throw new FieldInvalid(`items.${index}.productId`, 'unknown_reference');
      if (productIds.indexOf(item.productId) !== index) throw new FieldInvalid(`items.${index}.productId`, 'order_product_taken');
      chosenCalculationFound(product, input.items[index].calculationId, `items.${index}.calculationId`);
      return pricedItem(product, item.quantity, item.unitPrice, item.reason, {
        productId: `items.${index}.productId`,
        quantity: `items.${index}.quantity`,
        unitPriceReason: `items.${index}.unitPriceReason`,
      });
    });
    const header = await this.header(input, true);
    const number = await nextDocumentNumber(this.orders.manager, 'order');
    // The customer's language unless one is given; no customer: the organization's.
    const customerLanguage = header.customerId ? await this.orders.customerLanguage(header.customerId) : null;
    const defaults = await orderDefaults(this.orders.manager);
    const id = await this.orders.insertOrder({
      number,
      language: customerLanguage ?? (organization.defaultLocale === 'de' ? 'de' : 'en'),
      currency: await defaultCurrency(this.orders),
      vatRate: await vatRate(this.orders.manager),
      commissionPercent: '0',
      // The company profile's defaults unless given: payment and shipping terms, days the offer is valid.
      paymentTerms: defaults.paymentTerms,
      shippingTerms: defaults.shippingTerms,
      validUntil: daysAhead(defaults.validityDays),
      ...header,
      ...(input.validUntil === null ? { validUntil: daysAhead(defaults.validityDays) } : {}),
      name: optionalText(input.name) ?? number,
      createdBy,
    });
    await this.orders.changeStatus(id, null, 'draft', createdBy);
    for (const [index, item] of items.entries()) {
      await this.orders.insertItem({ orderId: id, productId: item.productId, position: index + 1, quantity: item.quantity, discountPercent: item.discountPercent, ...prices[index] });
    }
    return { ...(await this.get(id)), message: translate(locale, 'order_created') };
  }

  /**
   * The header. Whatever changes the totals (commission, VAT rate, currency) only while a draft: 409
   * otherwise. react-admin sends the whole record back, so a value equal to the stored one is no change.
   */
  async update(id: string, input: UpdateOrderDto, locale: Locale): Promise<OrderAnswerRow> {
    const order = await this.orders.lock(id);
    if (!order) throw new RecordNotFound();
    const changes = await this.header(input, false);
    if (input.name !== undefined) changes.name = requiredText('name', input.name);
    // Another customer brings their language, unless a language other than the stored one comes with it
    // (react-admin sends the whole record back, the old language included).
    if (changes.customerId && changes.customerId !== order.customerId && (changes.language === undefined || changes.language === order.language)) {
      changes.language = (await this.orders.customerLanguage(changes.customerId)) ?? order.language;
    }
    const totalsChange =
      (changes.currency !== undefined && changes.currency !== order.currency) ||
      (changes.commissionPercent !== undefined && !samePrice(changes.commissionPercent, order.commissionPercent)) ||
      (changes.vatRate !== undefined && !samePrice(changes.vatRate, order.vatRate));
    if (totalsChange && !totalsEditable(order.status)) throw refusedIn(locale, 'order_not_draft', order.status);
    await this.orders.updateOrder(id, changes);
    return this.get(id);
  }

  /** With its items and history (they cascade); a draft or a declined order only. */
  async remove(id: string, locale: Locale): Promise<OrderAnswerRow> {
    const order = await this.orders.lock(id);
    if (!order) throw new RecordNotFound();
    if (!deletable(order.status)) throw refusedIn(locale, 'order_not_deletable', order.status);
    const record = await this.get(id);
    await this.orders.deleteOrder(id);
    return record;
  }

  /**
   * A transition of order-status.ts, recorded with who and when; any other is a 422 naming both statuses.
   * Marking as ordered may store the customer's order number (blank: none); one given with another status is a 422.
   */
  async changeStatus(id: string, input: ChangeOrderStatusDto, changedBy: string, locale: Locale): Promise<OrderAnswerRow> {
    const order = await this.orders.lock(id);
    if (!order) throw new RecordNotFound();
    if (!canChangeStatus(order.status, input.status)) {
      throw new FieldInvalid('status', 'order_status_not_allowed', { from: statusName(locale, order.status), to: statusName(locale, input.status) });
    }
    if (optionalText(input.customerOrderNumber) && input.status !== 'ordered') throw new FieldInvalid('customerOrderNumber', 'order_customer_number_ordered_only');
    if (input.customerOrderNumber !== undefined && input.status === 'ordered') await this.orders.updateOrder(id, { customerOrderNumber: optionalText(input.customerOrderNumber) });
    await this.orders.changeStatus(id, order.status, input.status, changedBy);
    return this.get(id);
  }

  statusChanges(query: Record<string, unknown>): Promise<Page<OrderStatusChangeRow>> {
    return readPage(this.orders.listBuilder('changes'), parseListRequest(query, STATUS_CHANGES_LIST), STATUS_CHANGES_LIST).then(
      async (page) => new Page(await this.orders.withUserNames(page.rows, 'changedBy', 'changedByName'), page.total),
    );
  }

  async statusChange(id: string): Promise<OrderStatusChangeRow> {
    const row = await this.orders.record('changes', id);
    if (!row) throw new RecordNotFound();
    const [named] = await this.orders.withUserNames([row], 'changedBy', 'changedByName');
    return named;
  }

  /** The header fields given, as columns: texts trimmed (empty: none), dates and numbers checked exactly, the customer looked up. */
  private async header(input: UpdateOrderDto | CreateOrderDto, creating: boolean): Promise<Partial<Order>> {
    const changes: Partial<Order> = {};
    const text = (name: 'requestNumber' | 'customerOrderNumber' | 'description' | 'contactName' | 'contactPhone' | 'contactEmail' | 'paymentTerms' | 'shippingTerms' | 'shippingMethod') => {
      if (input[name] !== undefined) changes[name] = optionalText(input[name]);
    };
    for (const name of ['requestNumber', 'customerOrderNumber', 'description', 'contactName', 'contactPhone', 'contactEmail', 'paymentTerms', 'shippingTerms', 'shippingMethod'] as const) text(name);
    if (input.customerId !== undefined) {
      if (input.customerId !== null && !(await this.orders.existing('customers', [input.customerId])).has(input.customerId)) {
        throw new FieldInvalid('customerId', 'unknown_reference');
      }
      changes.customerId = input.customerId;
    }
    if (input.language !== undefined) changes.language = input.language;
    if (input.currency !== undefined) changes.currency = input.currency;
    if (input.validUntil !== undefined) changes.validUntil = input.validUntil === null ? (creating ? daysAhead(30) : null) : calendarDate(input.validUntil, 'validUntil');
    if (input.shippingDate !== undefined) changes.shippingDate = input.shippingDate === null ? null : calendarDate(input.shippingDate, 'shippingDate');
    if (input.shippingDays !== undefined) changes.shippingDays = input.shippingDays;
    if (input.commissionPercent !== undefined) changes.commissionPercent = input.commissionPercent === null ? '0' : percentOf(input.commissionPercent, 'commissionPercent');
    if (input.vatRate !== undefined && input.vatRate !== null) changes.vatRate = percentOf(input.vatRate, 'vatRate');
    if (input.vatRate === null && !creating) throw new FieldInvalid('vatRate', 'percent_invalid');
    return changes;
  }
}
