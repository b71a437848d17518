// The public quote page: a chunk of its own, loaded only when a customer opens it (App.tsx, lazyScreens).
export { PublicQuotePage } from './PublicQuotePage';
