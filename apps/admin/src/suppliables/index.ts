import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/**
 * Parts and operations a supplier provides (docs/product.md §2 /suppliables). The view is tabbed:
 * /:id/view forwards to its details tab, beside bulk-prices and factors.
 */
export default {
  list: screen('SuppliableList'),
  create: screen('SuppliableCreate'),
  edit: screen('SuppliableEdit'),
  show: screen('SuppliableDetails'),
  pages: { details: screen('SuppliableDetails'), 'bulk-prices': screen('SuppliableBulkPrices'), factors: screen('SuppliableFactors') },
  icon: StorefrontIcon,
  recordRepresentation: 'number',
};
