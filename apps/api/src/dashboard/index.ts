// The dashboard area's public surface: its module, and its intervals (the bench and the admin name them).
export { DashboardModule } from './dashboard.module';
export { DASHBOARD_INTERVALS, dashboardPeriod } from './dashboard-interval';
export type { DashboardInterval, Period } from './dashboard-interval';
