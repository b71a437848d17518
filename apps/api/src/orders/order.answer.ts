import { array, boolean, choice, component, date, dateTime, email, integer, nullable, number, object, text, uuid } from '../common/openapi/answer-schema';
import { ORDER_LINE_KINDS, PRICE_SOURCES } from './item-price';
import { ORDER_STATUSES } from './order-status';

/** An order's header, its totals and what it may do next. */
const ORDER_FIELDS = {
  id: uuid(),
  number: text({ readOnly: true, example: 'OR-2026-0001' }),
  name: text({ maxLength: 255 }),
  status: choice(ORDER_STATUSES, { readOnly: true, description: 'Changed by `POST /orders/{id}/status`.' }),
  customerId: nullable(uuid()),
  customerName: nullable(text({ readOnly: true })),
  language: choice(['en', 'de']),
  requestNumber: nullable(text()),
  customerOrderNumber: nullable(text({ maxLength: 255, description: "The customer's own number for the order; also given when marking it as ordered." })),
  description: nullable(text()),
  validUntil: nullable(date()),
  contactName: nullable(text()),
  contactPhone: nullable(text()),
  contactEmail: nullable(email()),
  paymentTerms: nullable(text()),
  currency: text({ pattern: '^[A-Z]{3}$', example: 'EUR' }),
  shippingTerms: nullable(text()),
  shippingMethod: nullable(text()),
  shippingDate: nullable(date()),
  shippingDays: nullable(integer({ minimum: 0 })),
  commissionPercent: number({ minimum: 0, maximum: 100 }),
  vatRate: number({ minimum: 0, maximum: 100 }),
  itemsCount: integer({ readOnly: true }),
  totalQuantity: number({ readOnly: true }),
  totalPrice: number({ readOnly: true, description: 'Σ line amounts (quantity × unit price, each to the cent), before discounts.' }),
  discountAmount: number({ readOnly: true, description: 'Σ line discounts.' }),
  valueOfGoods: number({ readOnly: true, description: 'Σ line totals: total price − discount.' }),
  commission: number({ readOnly: true, description: 'Value of goods × commission %, to the cent.' }),
  subtotal: number({ readOnly: true, description: 'Value of goods + commission.' }),
  vatAmount: number({ readOnly: true, description: 'Subtotal × VAT rate, to the cent.' }),
  totalWithVat: number({ readOnly: true, description: 'Subtotal + VAT.' }),
  createdBy: nullable(uuid()),
  createdByName: nullable(text()),
  acceptedOnline: nullable(object({
    name: text(),
    at: dateTime(),
    customerOrderNumber: nullable(text()),
    note: nullable(text()),
  }, { readOnly: true, description: 'Accepted by the customer on the offer page: the name typed, when, their order number and note; null otherwise.' })),
  declineReason: nullable(text({ readOnly: true, description: 'The reason the customer gave when declining on the offer page.' })),
  statusChangedAt: dateTime(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
  deletable: boolean({ readOnly: true, description: 'Whether its status allows deleting it (a draft or a declined order).' }),
  nextStatuses: array(choice(ORDER_STATUSES), { readOnly: true, description: 'The statuses it may go to now (`POST /orders/{id}/status`).' }),
};

export const Order = component('Order', object(ORDER_FIELDS));

export const OrderCreated = component('OrderCreated', object({
  ...ORDER_FIELDS,
  message: text({ example: 'Order created successfully' }),
}));

export const OrderItem = component('OrderItem', object({
  id: uuid(),
  orderId: uuid(),
  orderNumber: text(),
  orderName: text(),
  orderStatus: choice(ORDER_STATUSES),
  currency: text(),
  kind: choice(ORDER_LINE_KINDS, { description: '`product`: a product priced as it takes; `free`: text, quantity, unit, unit price given; `text`: a heading or note, no amount.' }),
  productId: nullable(uuid({ description: 'Product lines only.' })),
  productName: nullable(text()),
  productNumber: nullable(text()),
  text: nullable(text({ maxLength: 1000, description: "A free line's or text line's text; null for product lines." })),
  unit: nullable(text({ maxLength: 20, description: "A free line's unit; null: pieces." })),
  position: integer({ description: '1, 2, 3 … in the document.' }),
  quantity: nullable(number({ description: 'Null for text lines (so are the prices, the discount and the amounts).' })),
  unitPrice: nullable(number()),
  takenUnitPrice: nullable(number({ readOnly: true, description: 'What the product gave for the quantity (latest calculation, else bulk prices); null: nothing.' })),
  priceSource: nullable(choice(PRICE_SOURCES, { readOnly: true, description: '`free`: a free line (its price given by staff).' })),
  calculationId: nullable(uuid()),
  calculationWhatIf: boolean({ readOnly: true, description: 'The calculation the price came from is a what-if (chosen explicitly).' }),
  priceQuantity: nullable(number({ readOnly: true, description: 'The calculation tier or bulk band (its minimum) the price was taken at.' })),
  unitPriceReason: nullable(text()),
  discountPercent: nullable(number({ minimum: 0, maximum: 100 })),
  amount: nullable(number({ readOnly: true, description: 'Quantity × unit price, to the cent.' })),
  discountAmount: nullable(number({ readOnly: true, description: 'Amount × discount %, to the cent.' })),
  lineTotal: nullable(number({ readOnly: true, description: 'Amount − discount.' })),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}));

export const OrderStatusChange = component('OrderStatusChange', object({
  id: uuid(),
  orderId: uuid(),
  fromStatus: nullable(choice(ORDER_STATUSES)),
  toStatus: choice(ORDER_STATUSES),
  changedBy: nullable(uuid()),
  changedByName: nullable(text()),
  source: nullable(choice(['customer-page'], { description: 'No user: the customer on the offer page.' })),
  note: nullable(text({ description: 'A customer-page change: the name typed to accept, or the reason given to decline.' })),
  changedAt: dateTime(),
}));

