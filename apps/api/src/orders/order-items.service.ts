import { Injectable } from '@nestjs/common';
import { decimalParam, Locale, MessageKey } from '@fabquote/i18n';
import { FieldInvalid, RecordNotFound } from '../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../common/list-query';
import { optionalText, requiredText } from '../common/text-field';
import type { OrderLineKind } from './item-price';
import { chosenCalculationFound, ItemPrice, pricedItem } from './item-pricing';
import { Order, OrderItem } from './order.entity';
import { CreateOrderItemDto, ReorderOrderItemsDto, UpdateOrderItemDto } from './order.dto';
import { orderQuantity, percentOf, samePrice, shownPrice, unitPriceOf } from './order-input';
import { OrderItemRow, OrderRepository } from './order.repository';
import { totalsEditable } from './order-status';
import { refusedIn } from './orders.service';

export const ITEMS_LIST: ListSpec = {
  sortable: {
    position: 't.position',
    productName: 't.product_name',
    productNumber: 't.product_number',
    orderNumber: 't.order_number',
    kind: 't.kind',
    text: 't.text',
    quantity: 't.quantity',
    unitPrice: 't.unit_price',
    discountPercent: 't.discount_percent',
    amount: 't.amount',
    createdAt: 't.created_at',
    updatedAt: 't.updated_at',
  },
  filters: {
    orderId: { uuid: 't.order_id' },
    productId: { uuid: 't.product_id' },
    orderStatus: 't.order_status',
    priceSource: 't.price_source',
    kind: 't.kind',
  },
  searchable: ['t.text', 't.product_name', 't.product_number', 't.order_number', 't.order_name'],
  defaultSort: 'position',
};

const FIELDS = { productId: 'productId', quantity: 'quantity', unitPriceReason: 'unitPriceReason' };

type LineFields = Pick<CreateOrderItemDto, 'productId' | 'text' | 'unit' | 'quantity' | 'unitPrice' | 'unitPriceReason' | 'discountPercent' | 'calculationId'>;

/** A value given: not left out, not null (a form sends a row's empty fields back as null). */
const given = (value: unknown) => value !== undefined && value !== null;

/**
 * What a line of `kind` may not have (docs/api-orders.md "Lines"): a 422 on the first such field given.
 * Product lines have no text or unit; free lines no product or calculation; text lines nothing but their text.
 */
function refuseForeignFields(kind: OrderLineKind, input: Partial<LineFields>): void {
  const refuse = (fields: Array<keyof LineFields>, key: MessageKey) => {
    const field = fields.find((name) => given(input[name]));
    if (field) throw new FieldInvalid(field, key);
  };
  if (kind === 'product') refuse(['text', 'unit'], 'order_product_line_no_text');
  if (kind !== 'product') refuse(['productId', 'calculationId'], 'order_line_no_product');
  if (kind === 'text') refuse(['quantity', 'unit', 'unitPrice', 'discountPercent', 'unitPriceReason'], 'order_text_line_no_amount');
}

/** A required number of a free line: left out or null is a 422 `required`. */
function requiredNumber<T>(value: unknown, field: string, read: (value: unknown, field: string) => T): T {
  if (!given(value)) throw new FieldInvalid(field, 'required');
  return read(value, field);
}

/**
 * An order's lines (`order-items`): product lines (a product at a quantity and the price it takes there, or
 * one of its own with a reason, and a discount), free lines (a text at a quantity, unit and price given by
 * staff) and text lines (a heading or note, no amount), in the order of their positions 1..n. Every write
 * locks the order and needs it to be a draft, so an offer that went to the customer keeps its totals; an
 * order always keeps at least one line with an amount.
 */
@Injectable()
export class OrderItemsService {
  constructor(private readonly orders: OrderRepository) {}

  list(query: Record<string, unknown>): Promise<Page<OrderItemRow>> {
    return readPage(this.orders.listBuilder('items'), parseListRequest(query, ITEMS_LIST), ITEMS_LIST).then(async (page) => new Page(await this.orders.withWhatIf(page.rows), page.total));
  }

  async get(id: string): Promise<OrderItemRow> {
    const row = await this.orders.record('items', id);
    if (!row) throw new RecordNotFound();
    const [line] = await this.orders.withWhatIf([row]);
    return line;
  }

  /** A line at the end of the order, or at `position` (the lines from there on move down one). */
  async create(input: CreateOrderItemDto, locale: Locale): Promise<OrderItemRow> {
    const order = await this.orders.lock(input.orderId);
    if (!order) throw new FieldInvalid('orderId', 'unknown_reference');
    this.mustBeDraft(order, locale);
    const kind = input.kind ?? 'product';
    refuseForeignFields(kind, input);
    const line = kind === 'product' ? await this.productLine(order, input) : kind === 'free' ? freeLine(input) : textLine(input);
    const before = await this.orders.lineIds(order.id);
    const id = await this.orders.insertItem({ orderId: order.id, kind, position: before.length + 1, ...line });
    if (input.position !== undefined && input.position !== null) await this.place(order.id, [...before, id], id, input.position);
    await this.orders.touch(order.id);
    return this.get(id);
  }

  /**
   * A product line: a new quantity takes the product's price for it again, unless the line sells at a price of
   * its own, which stays (with its reason); `unitPrice: null` goes back to the price taken. A free line: its
   * text, unit, quantity, price and discount as given. A text line: its text.
   */
  async update(id: string, input: UpdateOrderItemDto, locale: Locale): Promise<OrderItemRow> {
    const item = await this.lockedItem(id, locale);
    if (input.kind !== undefined && input.kind !== item.kind) throw new FieldInvalid('kind', 'order_line_kind_fixed');
    refuseForeignFields(item.kind, input);
    const changes = item.kind === 'product' ? await this.productChanges(item, input) : item.kind === 'free' ? freeChanges(input) : textChanges(input);
    if (Object.keys(changes).length > 0) await this.orders.updateItem(id, changes);
    if (input.position !== undefined && input.position !== null) await this.place(item.orderId, await this.orders.lineIds(item.orderId), id, input.position);
    if (Object.keys(changes).length > 0 || input.position !== undefined) await this.orders.touch(item.orderId);
    return this.get(id);
  }

  /** Not the last line with an amount: "an order needs at least one product selected". The lines after it move up. */
  async remove(id: string, locale: Locale): Promise<OrderItemRow> {
    const item = await this.lockedItem(id, locale);
    if (item.kind !== 'text' && (await this.orders.pricedLineCount(item.orderId)) <= 1) throw new FieldInvalid('orderId', 'order_needs_product');
    const record = await this.get(id);
    await this.orders.deleteItem(id);
    await this.orders.renumber(item.orderId, await this.orders.lineIds(item.orderId));
    await this.orders.touch(item.orderId);
    return record;
  }

  /**
   * `POST /orders/{id}/items/reorder`: the order's lines in the order of `itemIds`, which must name every line of
   * the order exactly once (a line of another order or organization, a duplicate or one left out: 422). Answers
   * the lines in their new order.
   */
  async reorder(orderId: string, input: ReorderOrderItemsDto, locale: Locale): Promise<OrderItemRow[]> {
    const order = await this.orders.lock(orderId);
    if (!order) throw new RecordNotFound();
    this.mustBeDraft(order, locale);
    const current = await this.orders.lineIds(orderId);
    const wanted = new Set(input.itemIds);
    if (wanted.size !== input.itemIds.length || input.itemIds.length !== current.length || current.some((id) => !wanted.has(id))) {
      throw new FieldInvalid('itemIds', 'order_lines_reorder');
    }
    await this.orders.renumber(orderId, input.itemIds);
    await this.orders.touch(orderId);
    return this.orders.itemsOf(orderId);
  }

  /** `id` moved to `position` (1-based, beyond the end: last) among `ids`, the order's lines in their order; positions 1..n again. */
  private async place(orderId: string, ids: string[], id: string, position: number): Promise<void> {
    const others = ids.filter((each) => each !== id);
    const at = Math.min(Math.max(position, 1), others.length + 1) - 1;
    await this.orders.renumber(orderId, [...others.slice(0, at), id, ...others.slice(at)]);
  }

  /** A new product line's columns: the product's price for the quantity (or the one given, with a reason). */
  private async productLine(order: Order, input: CreateOrderItemDto): Promise<Partial<OrderItem>> {
    if (!input.productId) throw new FieldInvalid('productId', 'select_product');
    const productId = input.productId;
    const quantity = requiredNumber(input.quantity, 'quantity', orderQuantity);
    const unitPrice = given(input.unitPrice) ? unitPriceOf(input.unitPrice, 'unitPrice') : null;
    const discountPercent = given(input.discountPercent) ? percentOf(input.discountPercent, 'discountPercent') : '0';
    const chosen = new Map(input.calculationId ? [[productId, input.calculationId]] : []);
    const product = (await this.orders.productPrices([productId], chosen)).get(productId);
    if (!product) throw new FieldInvalid('productId', 'unknown_reference');
    chosenCalculationFound(product, input.calculationId, 'calculationId');
    if (await this.orders.hasProduct(order.id, productId)) throw new FieldInvalid('productId', 'order_product_taken');
    const price = pricedItem(product, quantity, unitPrice, optionalText(input.unitPriceReason), FIELDS);
    return { productId, quantity, discountPercent, ...price };
  }

  /** A product line's changed columns (see `update`). */
  private async productChanges(item: OrderItem, input: UpdateOrderItemDto): Promise<Partial<OrderItem>> {
    const changes: Partial<OrderItem> = {};
    const productId = item.productId!;
    const quantity = input.quantity === undefined || input.quantity === null ? item.quantity! : orderQuantity(input.quantity, 'quantity');
    if (input.quantity === null) throw new FieldInvalid('quantity', 'required');
    if (input.discountPercent !== undefined) changes.discountPercent = input.discountPercent === null ? '0' : percentOf(input.discountPercent, 'discountPercent');
    const quantityChanged = !samePrice(quantity, item.quantity);
    const ownPrice = !samePrice(item.unitPrice!, item.takenUnitPrice);
    const givenPrice = input.unitPrice === undefined ? undefined : input.unitPrice === null ? null : unitPriceOf(input.unitPrice, 'unitPrice');
    // A form sends the whole row back: the price it already has is no change.
    const newPrice = typeof givenPrice === 'string' && samePrice(givenPrice, item.unitPrice) ? undefined : givenPrice;
    const reason = input.unitPriceReason === undefined ? item.unitPriceReason : optionalText(input.unitPriceReason);
    // The calculation the price comes from: one chosen now (null: the standard one again), else a what-if chosen before stays.
    const keptWhatIf = item.calculationId && (await this.orders.calculationWhatIf(item.calculationId)) ? item.calculationId : null;
    // A form sends the whole row back: the calculation it already has is no choice (a standard one is followed to the latest).
    const chosen = input.calculationId === undefined || input.calculationId === item.calculationId ? undefined : input.calculationId;
    const calculationId = chosen === undefined ? keptWhatIf : chosen;
    const calculationChanged = chosen !== undefined && (chosen === null ? keptWhatIf !== null : true);
    if (quantityChanged || calculationChanged || newPrice !== undefined || reason !== item.unitPriceReason) {
      // The price: the one given; else the item's own, kept; else (or `null`) the one taken, for the new quantity if it changed.
      const unitPrice = newPrice === undefined ? (ownPrice ? item.unitPrice : null) : newPrice;
      const product = (await this.orders.productPrices([productId], new Map(calculationId ? [[productId, calculationId]] : []))).get(productId)!;
      chosenCalculationFound(product, calculationId, 'calculationId');
      const price =
        quantityChanged || calculationChanged || newPrice === null
          ? pricedItem(product, quantity, unitPrice, reason, FIELDS)
          : this.againstTaken(item, product.name, unitPrice ?? item.takenUnitPrice, reason);
      Object.assign(changes, price, { quantity });
    }
    return changes;
  }

  /** The item, its order locked and a draft. */
  private async lockedItem(id: string, locale: Locale): Promise<OrderItem> {
    const found = await this.orders.item(id);
    if (!found) throw new RecordNotFound();
    const order = await this.orders.lock(found.orderId);
    if (!order) throw new RecordNotFound();
    this.mustBeDraft(order, locale);
    // Read again under the order's lock: another request may have changed it meanwhile.
    const item = await this.orders.item(id);
    if (!item) throw new RecordNotFound();
    return item;
  }

  private mustBeDraft(order: Order, locale: Locale): void {
    if (!totalsEditable(order.status)) throw refusedIn(locale, 'order_not_draft', order.status);
  }

  /** The same quantity, the price taken as stored: a price (or reason) of its own checked against it. */
  private againstTaken(item: OrderItem, productName: string, unitPrice: string | null, reason: string | null): ItemPrice {
    const taken = item.takenUnitPrice;
    const price = unitPrice ?? taken;
    if (price === null) throw new FieldInvalid('unitPrice', 'unit_price_invalid');
    const own = !samePrice(price, taken);
    if (own && !reason) {
      throw taken === null
        ? new FieldInvalid('unitPriceReason', 'product_has_no_price', { product: productName, quantity: Number(item.quantity) })
        : new FieldInvalid('unitPriceReason', 'unit_price_reason_required', { price: decimalParam(shownPrice(taken)) });
    }
    return {
      unitPrice: price,
      takenUnitPrice: taken,
      priceSource: item.priceSource,
      calculationId: item.calculationId,
      priceQuantity: item.priceQuantity,
      unitPriceReason: own ? reason : null,
    };
  }
}

/** A new free line's columns: text, quantity and unit price required; unit (null: pieces) and discount optional; the price is its own. */
function freeLine(input: CreateOrderItemDto): Partial<OrderItem> {
  return {
    text: requiredText('text', input.text),
    unit: optionalText(input.unit),
    quantity: requiredNumber(input.quantity, 'quantity', orderQuantity),
    unitPrice: requiredNumber(input.unitPrice, 'unitPrice', unitPriceOf),
    discountPercent: given(input.discountPercent) ? percentOf(input.discountPercent, 'discountPercent') : '0',
    priceSource: 'free',
  };
}

/** A new text line's column: its text (the discount's column default, 0, is a product's and a free line's). */
function textLine(input: CreateOrderItemDto): Partial<OrderItem> {
  return { text: requiredText('text', input.text), discountPercent: null };
}

/** A free line's changed columns: what is given (quantity, price and text may not be emptied; a discount emptied is 0). */
function freeChanges(input: UpdateOrderItemDto): Partial<OrderItem> {
  const changes: Partial<OrderItem> = textChanges(input);
  if (input.unit !== undefined) changes.unit = optionalText(input.unit);
  if (input.quantity !== undefined) changes.quantity = requiredNumber(input.quantity, 'quantity', orderQuantity);
  if (input.unitPrice !== undefined) changes.unitPrice = requiredNumber(input.unitPrice, 'unitPrice', unitPriceOf);
  if (input.discountPercent !== undefined) changes.discountPercent = input.discountPercent === null ? '0' : percentOf(input.discountPercent, 'discountPercent');
  return changes;
}

function textChanges(input: UpdateOrderItemDto): Partial<OrderItem> {
  return input.text === undefined ? {} : { text: requiredText('text', input.text) };
}
