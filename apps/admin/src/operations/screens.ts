// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { OperationCreate } from './OperationCreate';
export { OperationEdit } from './OperationEdit';
export { OperationList } from './OperationList';
export { OperationShow } from './OperationShow';
