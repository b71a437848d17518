import Inventory2Icon from '@mui/icons-material/Inventory2';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/**
 * Products (docs/product.md §2 /products): list, create dialog, edit, view (with the latest prices and the
 * bulk prices), calculations, geometry (contours, bends, holes), production (materials,
 * operations, parts) and items (where the product is used). `pages` is keyed by the route
 * table's page names; /:id/geometry and /:id/production forward to their first page there.
 */
export default {
  list: screen('ProductList'),
  create: screen('ProductCreate'),
  edit: screen('ProductEdit'),
  show: screen('ProductShow'),
  pages: {
    calculations: screen('ProductCalculations'),
    contours: screen('ProductContours'),
    items: screen('ProductItems'),
    'geometry-contours': screen('ProductContours'),
    'geometry-bends': screen('ProductBends'),
    'geometry-holes': screen('ProductHoles'),
    'production-materials': screen('ProductMaterials'),
    'production-operations': screen('ProductOperations'),
    'production-parts': screen('ProductParts'),
  },
  icon: Inventory2Icon,
  recordRepresentation: 'name',
};
