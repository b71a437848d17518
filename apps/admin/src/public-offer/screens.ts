// The customer's offer page: a chunk of its own, loaded only when a customer opens its link (App.tsx, lazyScreens).
export { PublicOfferPage } from './PublicOfferPage';
