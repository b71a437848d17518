import ListAltIcon from '@mui/icons-material/ListAlt';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/**
 * Items (docs/product.md §2 /items): every order's items, read here; the API's resource is
 * `order-items` (api/data-provider.ts maps the console's `items` to it).
 */
export default {
  list: screen('ItemList'),
  show: screen('ItemShow'),
  icon: ListAltIcon,
  recordRepresentation: (item: { orderNumber?: string; productName?: string }) => `${item.orderNumber ?? ''} – ${item.productName ?? ''}`,
};
