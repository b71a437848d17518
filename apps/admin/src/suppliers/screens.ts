// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { SupplierCreate } from './SupplierCreate';
export { SupplierEdit } from './SupplierEdit';
export { SupplierList } from './SupplierList';
export { SupplierShow } from './SupplierShow';
