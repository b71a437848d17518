export { matchesKey, OPS_PATH, opsDashboard } from './ops-dashboard';
