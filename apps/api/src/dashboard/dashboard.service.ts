import { Injectable } from '@nestjs/common';
import { FieldInvalid } from '../common/app-exception';
import { timeZoneSetting } from '@fabquote/database';
import { DashboardInterval, dashboardPeriod, isDashboardInterval } from './dashboard-interval';
import { DashboardRepository } from './dashboard.repository';

/** Without `interval` the dashboard shows the last 30 days. */
export const DEFAULT_INTERVAL: DashboardInterval = '30d';

/** The eight widgets of docs/product.md §9 for one interval, counted in the organization's time zone (docs/api-dashboard.md). */
@Injectable()
export class DashboardService {
  constructor(private readonly dashboard: DashboardRepository) {}

  async read(interval: unknown = DEFAULT_INTERVAL, now = new Date()) {
    if (!isDashboardInterval(interval)) throw new FieldInvalid('interval', 'dashboard_interval_invalid');
    // The setting's zone, else UTC (no setting, or one stored before it was checked: a warning in the log then).
    const timeZone = timeZoneSetting(await this.dashboard.timeZoneSetting());
    const period = dashboardPeriod(interval, now, timeZone);
    const ordersByStatus = await this.dashboard.ordersByStatus(period);
    const productsByStatus = await this.dashboard.productsByStatus(period);
    return {
      interval,
      timeZone,
      from: period.from,
      to: period.to,
      ordersByStatus,
      numberOfOrders: ordersByStatus.reduce((sum, each) => sum + each.count, 0),
      conversion: await this.dashboard.conversion(period),
      orderVolume: await this.dashboard.orderVolume(period),
      onlineAcceptances: await this.dashboard.onlineAcceptances(period),
      quoteRequests: await this.dashboard.quoteRequests(period),
      productsByStatus,
      numberOfProducts: productsByStatus.reduce((sum, each) => sum + each.count, 0),
      recentOrders: await this.dashboard.recentOrders(period),
      recentProducts: await this.dashboard.recentProducts(period),
    };
  }
}
