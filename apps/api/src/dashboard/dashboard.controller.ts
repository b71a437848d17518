import { Controller, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { GetRoute } from '../openapi';
import { Dashboard } from './dashboard.answer';
import { DASHBOARD_INTERVALS } from './dashboard-interval';
import { DashboardService, DEFAULT_INTERVAL } from './dashboard.service';

/** The dashboard staff open first (docs/product.md §9; docs/api-dashboard.md). */
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @GetRoute('dashboard.view', Dashboard, '')
  @ApiQuery({ name: 'interval', required: false, enum: [...DASHBOARD_INTERVALS], description: `Default ${DEFAULT_INTERVAL}.` })
  read(@Query('interval') interval?: unknown) {
    return this.dashboard.read(interval);
  }
}
