// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { PartCreate } from './PartCreate';
export { PartEdit } from './PartEdit';
export { PartList } from './PartList';
export { PartShow } from './PartShow';
