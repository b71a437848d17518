import BusinessIcon from '@mui/icons-material/Business';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/** The shop's customers (docs/product.md §2 /customers). */
export default {
  list: screen('CustomerList'),
  create: screen('CustomerCreate'),
  edit: screen('CustomerEdit'),
  show: screen('CustomerShow'),
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
