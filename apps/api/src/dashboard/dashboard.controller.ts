import { Controller, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { ApiSchemas, GetRoute } from '../openapi';
import { ORDER_STATUSES } from '../orders';
import { DASHBOARD_INTERVALS } from './dashboard-interval';
import { PRODUCT_STATUSES } from './dashboard.repository';
import { DashboardService, DEFAULT_INTERVAL } from './dashboard.service';

const uuid = { type: 'string', format: 'uuid' } as const;
const text = { type: 'string' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const amount = (description: string): SchemaObject => ({ type: 'number', description });
const dateTime = { type: 'string', format: 'date-time' } as const;
const row = (properties: Record<string, SchemaObject>): SchemaObject => ({ type: 'object', properties, required: Object.keys(properties) });
const byStatus = (statuses: readonly string[]): SchemaObject => ({
  type: 'array',
  description: 'Every status in this order, 0 when none.',
  items: row({ status: { type: 'string', enum: [...statuses] }, count }),
});

export const DASHBOARD_SCHEMAS: Record<string, SchemaObject> = {
  Dashboard: row({
    interval: { type: 'string', enum: [...DASHBOARD_INTERVALS] },
    timeZone: { ...text, description: 'The setting `time-zone` (IANA), UTC without one.' },
    from: { ...dateTime, description: 'The first instant counted: a local midnight.' },
    to: { ...dateTime, description: 'The first instant not counted: the start of tomorrow, local.' },
    ordersByStatus: byStatus(ORDER_STATUSES),
    numberOfOrders: { ...count, description: 'Orders created in the interval.' },
    conversion: row({
      offered: { ...count, description: 'Orders changed to Offered in the interval.' },
      ordered: { ...count, description: 'Of those, the ones Ordered now.' },
      rate: { type: 'number', nullable: true, minimum: 0, maximum: 1, description: 'ordered / offered from the counts, rounded once, half up, to a tenth of a percent (7 of 13: 0.538); null when none was offered.' },
    }),
    orderVolume: {
      type: 'array',
      description: 'Orders that became Ordered in the interval, per currency.',
      items: row({
        currency: text,
        orders: count,
        valueOfGoods: amount('Σ value of goods: the order volume.'),
        subtotal: amount('Σ value of goods + commission.'),
        totalWithVat: amount('Σ total with VAT.'),
      }),
    },
    onlineAcceptances: { ...count, description: 'Offers the customer accepted on the offer page in the interval.' },
    quoteRequests: { ...count, description: 'Requests from the public quote page in the interval.' },
    productsByStatus: byStatus(PRODUCT_STATUSES),
    numberOfProducts: { ...count, description: 'Products created in the interval.' },
    recentOrders: {
      type: 'array',
      items: row({
        id: uuid,
        number: text,
        name: text,
        status: { type: 'string', enum: [...ORDER_STATUSES] },
        customerName: { ...text, nullable: true },
        currency: text,
        valueOfGoods: amount('Value of goods.'),
        totalWithVat: amount('Total with VAT.'),
        createdAt: dateTime,
      }),
    },
    recentProducts: {
      type: 'array',
      items: row({ id: uuid, number: text, name: text, status: { type: 'string', enum: [...PRODUCT_STATUSES] }, createdAt: dateTime }),
    },
  }),
};

/** The dashboard staff open first (docs/product.md §9; docs/api-dashboard.md). */
@Controller('dashboard')
@ApiSchemas(DASHBOARD_SCHEMAS)
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @GetRoute('dashboard.view', 'Dashboard', '')
  @ApiQuery({ name: 'interval', required: false, enum: [...DASHBOARD_INTERVALS], description: `Default ${DEFAULT_INTERVAL}.` })
  read(@Query('interval') interval?: unknown) {
    return this.dashboard.read(interval);
  }
}
