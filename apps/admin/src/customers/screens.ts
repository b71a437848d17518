// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { CustomerCreate } from './CustomerCreate';
export { CustomerEdit } from './CustomerEdit';
export { CustomerList } from './CustomerList';
export { CustomerShow } from './CustomerShow';
