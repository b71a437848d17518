// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { OrderCreate } from './OrderCreate';
export { OrderEdit } from './OrderEdit';
export { OrderList } from './OrderList';
export { OrderItems, OrderShow } from './OrderShow';
