// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { DashboardPage } from './DashboardPage';
