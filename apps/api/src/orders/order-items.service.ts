import { Injectable } from '@nestjs/common';
import { decimalParam, Locale } from '@fabquote/i18n';
import { FieldInvalid, RecordNotFound } from '../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../common/list-query';
import { optionalText } from '../common/text-field';
import { chosenCalculationFound, ItemPrice, pricedItem } from './item-pricing';
import { Order, OrderItem } from './order.entity';
import { CreateOrderItemDto, UpdateOrderItemDto } from './order.dto';
import { orderQuantity, percentOf, samePrice, shownPrice, unitPriceOf } from './order-input';
import { OrderRepository, Row } from './order.repository';
import { totalsEditable } from './order-status';
import { refusedIn } from './orders.service';

export const ITEMS_LIST: ListSpec = {
  sortable: {
    position: 't.position',
    productName: 't.product_name',
    productNumber: 't.product_number',
    orderNumber: 't.order_number',
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
  },
  searchable: ['t.product_name', 't.product_number', 't.order_number', 't.order_name'],
  defaultSort: 'position',
};

const FIELDS = { productId: 'productId', quantity: 'quantity', unitPriceReason: 'unitPriceReason' };

/**
 * An order's items (`order-items`): a product at a quantity and the price it takes there, or one of
 * its own with a reason, and a discount. Every write locks the order and needs it to be a draft, so an
 * offer that went to the customer keeps its totals; an order always keeps at least one item.
 */
@Injectable()
export class OrderItemsService {
  constructor(private readonly orders: OrderRepository) {}

  list(query: Record<string, unknown>): Promise<Page<Row>> {
    return readPage(this.orders.listBuilder('items'), parseListRequest(query, ITEMS_LIST), ITEMS_LIST);
  }

  async get(id: string): Promise<Row> {
    const row = await this.orders.record('items', id);
    if (!row) throw new RecordNotFound();
    return row;
  }

  async create(input: CreateOrderItemDto, locale: Locale): Promise<Row> {
    const order = await this.orders.lock(input.orderId);
    if (!order) throw new FieldInvalid('orderId', 'unknown_reference');
    this.mustBeDraft(order, locale);
    const quantity = orderQuantity(input.quantity, 'quantity');
    const unitPrice = input.unitPrice === undefined || input.unitPrice === null ? null : unitPriceOf(input.unitPrice, 'unitPrice');
    const discountPercent = input.discountPercent === undefined || input.discountPercent === null ? '0' : percentOf(input.discountPercent, 'discountPercent');
    const chosen = new Map(input.calculationId ? [[input.productId, input.calculationId]] : []);
    const product = (await this.orders.productPrices([input.productId], chosen)).get(input.productId);
    if (!product) throw new FieldInvalid('productId', 'unknown_reference');
    chosenCalculationFound(product, input.calculationId, 'calculationId');
    if (await this.orders.hasProduct(order.id, input.productId)) throw new FieldInvalid('productId', 'order_product_taken');
    const price = pricedItem(product, quantity, unitPrice, optionalText(input.unitPriceReason), FIELDS);
    const id = await this.orders.insertItem({
      orderId: order.id,
      productId: input.productId,
      position: input.position ?? (await this.orders.nextPosition(order.id)),
      quantity,
      discountPercent,
      ...price,
    });
    await this.orders.touch(order.id);
    return this.get(id);
  }

  /**
   * A new quantity takes the product's price for it again, unless the item sells at a price of its own,
   * which stays (with its reason); `unitPrice: null` goes back to the price taken.
   */
  async update(id: string, input: UpdateOrderItemDto, locale: Locale): Promise<Row> {
    const item = await this.lockedItem(id, locale);
    const changes: Partial<OrderItem> = {};
    const quantity = input.quantity === undefined || input.quantity === null ? item.quantity : orderQuantity(input.quantity, 'quantity');
    if (input.quantity === null) throw new FieldInvalid('quantity', 'required');
    if (input.discountPercent !== undefined) changes.discountPercent = input.discountPercent === null ? '0' : percentOf(input.discountPercent, 'discountPercent');
    if (input.position !== undefined && input.position !== null) changes.position = input.position;
    const quantityChanged = !samePrice(quantity, item.quantity);
    const ownPrice = !samePrice(item.unitPrice, item.takenUnitPrice);
    const given = input.unitPrice === undefined ? undefined : input.unitPrice === null ? null : unitPriceOf(input.unitPrice, 'unitPrice');
    // A form sends the whole row back: the price it already has is no change.
    const newPrice = typeof given === 'string' && samePrice(given, item.unitPrice) ? undefined : given;
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
      const product = (await this.orders.productPrices([item.productId], new Map(calculationId ? [[item.productId, calculationId]] : []))).get(item.productId)!;
      chosenCalculationFound(product, calculationId, 'calculationId');
      const price =
        quantityChanged || calculationChanged || newPrice === null
          ? pricedItem(product, quantity, unitPrice, reason, FIELDS)
          : this.againstTaken(item, product.name, unitPrice ?? item.takenUnitPrice, reason);
      Object.assign(changes, price, { quantity });
    }
    if (Object.keys(changes).length > 0) {
      await this.orders.updateItem(id, changes);
      await this.orders.touch(item.orderId);
    }
    return this.get(id);
  }

  /** Not the last one: "an order needs at least one product selected". */
  async remove(id: string, locale: Locale): Promise<Row> {
    const item = await this.lockedItem(id, locale);
    if ((await this.orders.itemCount(item.orderId)) <= 1) throw new FieldInvalid('orderId', 'order_needs_product');
    const record = await this.get(id);
    await this.orders.deleteItem(id);
    await this.orders.touch(item.orderId);
    return record;
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
