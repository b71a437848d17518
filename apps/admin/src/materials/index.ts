import CategoryIcon from '@mui/icons-material/Category';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/** Sheets and stock the shop cuts from (docs/product.md §2 /materials), with their price history. */
export default {
  list: screen('MaterialList'),
  create: screen('MaterialCreate'),
  edit: screen('MaterialEdit'),
  show: screen('MaterialShow'),
  pages: { prices: screen('MaterialPrices') },
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
