import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/**
 * Orders and offers to customers (docs/product.md §2 /orders, docs/api-orders.md): list, the create dialog
 * over it, edit, the view (status changes, totals, history, the PDF) and the items tab.
 */
export default {
  list: screen('OrderList'),
  create: screen('OrderCreate'),
  edit: screen('OrderEdit'),
  show: screen('OrderShow'),
  pages: { items: screen('OrderItems') },
  icon: ShoppingCartIcon,
  recordRepresentation: 'number',
};
