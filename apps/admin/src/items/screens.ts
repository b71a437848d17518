// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { ItemList } from './ItemList';
export { ItemShow } from './ItemShow';
