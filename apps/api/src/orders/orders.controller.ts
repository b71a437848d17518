import { Body, Controller, Query, Req } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { FabquoteRequest } from '../common/request-context';
import { CurrentUser, SignedInUser } from '../identity';
import { ActionRoute, ApiSchemas, CreateRoute, DeleteRoute, GetRoute, listOf, ListRoute, schemaRef, UpdateRoute } from '../openapi';
import { ORDER_LINE_KINDS, PRICE_SOURCES } from './item-price';
import { ChangeOrderStatusDto, CreateOrderDto, CreateOrderItemDto, ReorderOrderItemsDto, UpdateOrderDto, UpdateOrderItemDto } from './order.dto';
import { ITEMS_LIST, OrderItemsService } from './order-items.service';
import { ORDER_STATUSES } from './order-status';
import { LIST, OrdersService, STATUS_CHANGES_LIST } from './orders.service';
import { Id } from '../common/id-param';

const uuid = { type: 'string', format: 'uuid' } as const;
const text = { type: 'string' } as const;
const date = { type: 'string', format: 'date' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const status: SchemaObject = { type: 'string', enum: [...ORDER_STATUSES] };
const amount = (description?: string): SchemaObject => ({ type: 'number', readOnly: true, ...(description ? { description } : {}) });
const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });
const row = (properties: Record<string, SchemaObject>): SchemaObject => ({ type: 'object', properties, required: Object.keys(properties) });

const ORDER_PROPERTIES: Record<string, SchemaObject> = {
  id: uuid,
  number: { type: 'string', readOnly: true, example: 'OR-2026-0001' },
  name: { type: 'string', maxLength: 255 },
  status: { ...status, readOnly: true, description: 'Changed by `POST /orders/{id}/status`.' },
  customerId: nullable(uuid),
  customerName: nullable({ ...text, readOnly: true }),
  language: { type: 'string', enum: ['en', 'de'] },
  requestNumber: nullable(text),
  customerOrderNumber: nullable({ ...text, maxLength: 255, description: "The customer's own number for the order; also given when marking it as ordered." }),
  description: nullable(text),
  validUntil: nullable(date),
  contactName: nullable(text),
  contactPhone: nullable(text),
  contactEmail: nullable({ type: 'string', format: 'email' }),
  paymentTerms: nullable(text),
  currency: { type: 'string', pattern: '^[A-Z]{3}$', example: 'EUR' },
  shippingTerms: nullable(text),
  shippingMethod: nullable(text),
  shippingDate: nullable(date),
  shippingDays: nullable({ type: 'integer', minimum: 0 }),
  commissionPercent: { type: 'number', minimum: 0, maximum: 100 },
  vatRate: { type: 'number', minimum: 0, maximum: 100 },
  itemsCount: { type: 'integer', readOnly: true },
  totalQuantity: amount(),
  totalPrice: amount('Σ line amounts (quantity × unit price, each to the cent), before discounts.'),
  discountAmount: amount('Σ line discounts.'),
  valueOfGoods: amount('Σ line totals: total price − discount.'),
  commission: amount('Value of goods × commission %, to the cent.'),
  subtotal: amount('Value of goods + commission.'),
  vatAmount: amount('Subtotal × VAT rate, to the cent.'),
  totalWithVat: amount('Subtotal + VAT.'),
  createdBy: nullable(uuid),
  createdByName: nullable(text),
  acceptedOnline: nullable({
    type: 'object',
    readOnly: true,
    properties: { name: text, at: dateTime, customerOrderNumber: nullable(text), note: nullable(text) },
    required: ['name', 'at', 'customerOrderNumber', 'note'],
    description: "Accepted by the customer on the offer page: the name typed, when, their order number and note; null otherwise.",
  }),
  declineReason: nullable({ ...text, readOnly: true, description: 'The reason the customer gave when declining on the offer page.' }),
  statusChangedAt: dateTime,
  createdAt: dateTime,
  updatedAt: dateTime,
  deletable: { type: 'boolean', readOnly: true, description: 'Whether its status allows deleting it (a draft or a declined order).' },
  nextStatuses: { type: 'array', items: status, readOnly: true, description: 'The statuses it may go to now (`POST /orders/{id}/status`).' },
};

export const ORDER_SCHEMAS: Record<string, SchemaObject> = {
  Order: row(ORDER_PROPERTIES),
  OrderCreated: row({ ...ORDER_PROPERTIES, message: { type: 'string', example: 'Order created successfully' } }),
  OrderItem: row({
    id: uuid,
    orderId: uuid,
    orderNumber: text,
    orderName: text,
    orderStatus: status,
    currency: text,
    kind: { type: 'string', enum: [...ORDER_LINE_KINDS], description: '`product`: a product priced as it takes; `free`: text, quantity, unit, unit price given; `text`: a heading or note, no amount.' },
    productId: nullable({ ...uuid, description: 'Product lines only.' }),
    productName: nullable(text),
    productNumber: nullable(text),
    text: nullable({ ...text, maxLength: 1000, description: "A free line's or text line's text; null for product lines." }),
    unit: nullable({ ...text, maxLength: 20, description: "A free line's unit; null: pieces." }),
    position: { type: 'integer', description: '1, 2, 3 … in the document.' },
    quantity: nullable({ type: 'number', description: 'Null for text lines (so are the prices, the discount and the amounts).' }),
    unitPrice: nullable({ type: 'number' }),
    takenUnitPrice: nullable(amount('What the product gave for the quantity (latest calculation, else bulk prices); null: nothing.')),
    priceSource: nullable({ type: 'string', enum: [...PRICE_SOURCES], readOnly: true, description: '`free`: a free line (its price given by staff).' }),
    calculationId: nullable(uuid),
    calculationWhatIf: { type: 'boolean', readOnly: true, description: 'The calculation the price came from is a what-if (chosen explicitly).' },
    priceQuantity: nullable(amount('The calculation tier or bulk band (its minimum) the price was taken at.')),
    unitPriceReason: nullable(text),
    discountPercent: nullable({ type: 'number', minimum: 0, maximum: 100 }),
    amount: nullable(amount('Quantity × unit price, to the cent.')),
    discountAmount: nullable(amount('Amount × discount %, to the cent.')),
    lineTotal: nullable(amount('Amount − discount.')),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
  OrderStatusChange: row({
    id: uuid,
    orderId: uuid,
    fromStatus: nullable(status),
    toStatus: status,
    changedBy: nullable(uuid),
    changedByName: nullable(text),
    source: nullable({ type: 'string', enum: ['customer-page'], description: 'No user: the customer on the offer page.' }),
    note: nullable({ ...text, description: 'A customer-page change: the name typed to accept, or the reason given to decline.' }),
    changedAt: dateTime,
  }),
};

/** Orders and offers to customers (docs/api-orders.md). */
@Controller('orders')
@ApiSchemas(ORDER_SCHEMAS)
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly items: OrderItemsService,
  ) {}

  @ListRoute('orders.view', 'Order', listOf(LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.orders.list(query);
  }

  @GetRoute('orders.view', 'Order')
  get(@Id() id: string) {
    return this.orders.get(id);
  }

  @CreateRoute('orders.create', 'OrderCreated')
  create(@Body() input: CreateOrderDto, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    return this.orders.create(input, user.id, request.organization!, request.locale);
  }

  @UpdateRoute('orders.update', 'Order')
  update(@Id() id: string, @Body() input: UpdateOrderDto, @Req() request: FabquoteRequest) {
    return this.orders.update(id, input, request.locale);
  }

  @DeleteRoute('orders.delete', 'Order')
  remove(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.orders.remove(id, request.locale);
  }

  @ActionRoute('orders.update', 'Order', ':id/status')
  changeStatus(@Id() id: string, @Body() input: ChangeOrderStatusDto, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    return this.orders.changeStatus(id, input, user.id, request.locale);
  }

  @ActionRoute('items.update', { type: 'array', items: schemaRef('OrderItem') }, ':id/items/reorder')
  reorder(@Id() id: string, @Body() input: ReorderOrderItemsDto, @Req() request: FabquoteRequest) {
    return this.items.reorder(id, input, request.locale);
  }
}

/** Who changed an order's status when (read-only; filter `orderId`). */
@Controller('order-status-changes')
export class OrderStatusChangesController {
  constructor(private readonly orders: OrdersService) {}

  @ListRoute('orders.view', 'OrderStatusChange', listOf(STATUS_CHANGES_LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.orders.statusChanges(query);
  }

  @GetRoute('orders.view', 'OrderStatusChange')
  get(@Id() id: string) {
    return this.orders.statusChange(id);
  }
}

/** An order's items (the console's /orders/{id}/items, /items and /products/{id}/items); permissions `items.*`. */
@Controller('order-items')
export class OrderItemsController {
  constructor(private readonly items: OrderItemsService) {}

  @ListRoute('items.view', 'OrderItem', listOf(ITEMS_LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.items.list(query);
  }

  @GetRoute('items.view', 'OrderItem')
  get(@Id() id: string) {
    return this.items.get(id);
  }

  @CreateRoute('items.create', 'OrderItem')
  create(@Body() input: CreateOrderItemDto, @Req() request: FabquoteRequest) {
    return this.items.create(input, request.locale);
  }

  @UpdateRoute('items.update', 'OrderItem')
  update(@Id() id: string, @Body() input: UpdateOrderItemDto, @Req() request: FabquoteRequest) {
    return this.items.update(id, input, request.locale);
  }

  @DeleteRoute('items.delete', 'OrderItem')
  remove(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.items.remove(id, request.locale);
  }
}
