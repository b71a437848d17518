// The supplier's page: a chunk of its own, loaded only when a supplier opens its link (App.tsx, lazyScreens).
export { PublicPurchaseRequestPage } from './PublicPurchaseRequestPage';
