import Inventory2Icon from '@mui/icons-material/Inventory2';
import { ProductCalculations } from './calculations/CalculationsPage';
import { ProductBends, ProductContours, ProductHoles } from './geometry/GeometryPages';
import { ProductCreate } from './ProductCreate';
import { ProductEdit } from './ProductEdit';
import { ProductItems } from './ProductItems';
import { ProductList } from './ProductList';
import { ProductMaterials, ProductOperations, ProductParts } from './production/ProductionPages';
import { ProductShow } from './ProductShow';

/**
 * Products (spec §2 /products): list, create dialog, edit, view (with the latest prices and the
 * bulk prices), calculations, geometry (contours, bends, holes), production (materials,
 * operations, parts) and items (where the product is used). `pages` is keyed by the route
 * table's page names; /:id/geometry and /:id/production forward to their first page there.
 */
export default {
  list: ProductList,
  create: ProductCreate,
  edit: ProductEdit,
  show: ProductShow,
  pages: {
    calculations: ProductCalculations,
    contours: ProductContours,
    items: ProductItems,
    'geometry-contours': ProductContours,
    'geometry-bends': ProductBends,
    'geometry-holes': ProductHoles,
    'production-materials': ProductMaterials,
    'production-operations': ProductOperations,
    'production-parts': ProductParts,
  },
  icon: Inventory2Icon,
  recordRepresentation: 'name',
};
