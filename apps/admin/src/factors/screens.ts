// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { FactorCreate } from './FactorCreate';
export { FactorEdit } from './FactorEdit';
export { FactorList } from './FactorList';
export { FactorShow } from './FactorShow';
