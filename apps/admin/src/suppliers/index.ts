import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/** Suppliers the shop buys parts and operations from (docs/product.md §2 /suppliers). */
export default {
  list: screen('SupplierList'),
  create: screen('SupplierCreate'),
  edit: screen('SupplierEdit'),
  show: screen('SupplierShow'),
  icon: LocalShippingIcon,
  recordRepresentation: 'name',
};
