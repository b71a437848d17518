// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { SuppliableCreate } from './SuppliableCreate';
export { SuppliableEdit } from './SuppliableEdit';
export { SuppliableList } from './SuppliableList';
export { SuppliableBulkPrices, SuppliableDetails, SuppliableFactors } from './SuppliableShow';
