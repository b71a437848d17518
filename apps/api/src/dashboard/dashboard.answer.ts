import { array, choice, component, dateTime, integer, nullable, number, object, text, uuid } from '../common/openapi/answer-schema';
import { ORDER_STATUSES } from '../orders';
import { DASHBOARD_INTERVALS } from './dashboard-interval';
import { PRODUCT_STATUSES } from './dashboard.repository';

/** A count per status: every status in this order, 0 when none. */
const byStatus = <S extends string>(statuses: readonly S[]) =>
  array(object({ status: choice(statuses), count: integer({ minimum: 0 }) }), { description: 'Every status in this order, 0 when none.' });

export const Dashboard = component('Dashboard', object({
  interval: choice(DASHBOARD_INTERVALS),
  timeZone: text({ description: 'The setting `time-zone` (IANA), UTC without one.' }),
  from: dateTime({ description: 'The first instant counted: a local midnight.' }),
  to: dateTime({ description: 'The first instant not counted: the start of tomorrow, local.' }),
  ordersByStatus: byStatus(ORDER_STATUSES),
  numberOfOrders: integer({ minimum: 0, description: 'Orders created in the interval.' }),
  conversion: object({
    offered: integer({ minimum: 0, description: 'Orders changed to Offered in the interval.' }),
    ordered: integer({ minimum: 0, description: 'Of those, the ones Ordered now.' }),
    rate: nullable(number({ minimum: 0, maximum: 1, description: 'ordered / offered from the counts, rounded once, half up, to a tenth of a percent (7 of 13: 0.538); null when none was offered.' })),
  }),
  orderVolume: array(object({
    currency: text(),
    orders: integer({ minimum: 0 }),
    valueOfGoods: number({ description: 'Σ value of goods: the order volume.' }),
    subtotal: number({ description: 'Σ value of goods + commission.' }),
    totalWithVat: number({ description: 'Σ total with VAT.' }),
  }), { description: 'Orders that became Ordered in the interval, per currency.' }),
  onlineAcceptances: integer({ minimum: 0, description: 'Offers the customer accepted on the offer page in the interval.' }),
  quoteRequests: integer({ minimum: 0, description: 'Requests from the public quote page in the interval.' }),
  productsByStatus: byStatus(PRODUCT_STATUSES),
  numberOfProducts: integer({ minimum: 0, description: 'Products created in the interval.' }),
  recentOrders: array(object({
    id: uuid(),
    number: text(),
    name: text(),
    status: choice(ORDER_STATUSES),
    customerName: nullable(text()),
    currency: text(),
    valueOfGoods: number({ description: 'Value of goods.' }),
    totalWithVat: number({ description: 'Total with VAT.' }),
    createdAt: dateTime(),
  })),
  recentProducts: array(object({
    id: uuid(),
    number: text(),
    name: text(),
    status: choice(PRODUCT_STATUSES),
    createdAt: dateTime(),
  })),
}));

