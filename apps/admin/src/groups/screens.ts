// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { GroupCreate } from './GroupCreate';
export { GroupEdit } from './GroupEdit';
export { GroupList } from './GroupList';
export { GroupMaterials, GroupPrices, GroupShow } from './GroupShow';
