// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { AssetCreate } from './AssetCreate';
export { AssetEdit } from './AssetEdit';
export { AssetList } from './AssetList';
export { AssetPrices, AssetShow } from './AssetShow';
