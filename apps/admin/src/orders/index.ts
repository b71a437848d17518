import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/**
 * Orders and offers to customers (docs/product.md §2 /orders, docs/api-orders.md): list, the create dialog
 * over it, edit (the header), and the offer as one document (header, lines edited in place, totals, status
 * changes, history, the PDF) on /view, which /items shows too, opened at the lines.
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
