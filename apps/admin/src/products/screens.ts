// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { ProductCalculations } from './calculations/CalculationsPage';
export { ProductBends, ProductContours, ProductHoles } from './geometry/GeometryPages';
export { ProductCreate } from './ProductCreate';
export { ProductEdit } from './ProductEdit';
export { ProductItems } from './ProductItems';
export { ProductList } from './ProductList';
export { ProductMaterials, ProductOperations, ProductParts } from './production/ProductionPages';
export { ProductShow } from './ProductShow';
