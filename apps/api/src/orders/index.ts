// The orders area's public surface: its module, and what the offer's PDF and the dashboard read orders with.
export { OrdersJobsModule, OrdersModule } from './orders.module';
export { ORDER_ROWS, OrderRepository } from './order.repository';
export type { OrderItemRow, OrderRow, OrderStatusChangeRow } from './order.repository';
export { lineAmounts, orderTotals } from './order-totals';
export type { LineAmounts, OrderLine, OrderTotals } from './order-totals';
export { ORDER_STATUSES, ORDER_TRANSITIONS } from './order-status';
export type { OrderStatus } from './order-status';
