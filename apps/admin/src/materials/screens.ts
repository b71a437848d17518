// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { MaterialCreate } from './MaterialCreate';
export { MaterialEdit } from './MaterialEdit';
export { MaterialList } from './MaterialList';
export { MaterialPrices, MaterialShow } from './MaterialShow';
