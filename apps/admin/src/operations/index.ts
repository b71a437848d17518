import BuildIcon from '@mui/icons-material/Build';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/** Work steps a product goes through (docs/product.md §2 /operations). */
export default {
  list: screen('OperationList'),
  create: screen('OperationCreate'),
  edit: screen('OperationEdit'),
  show: screen('OperationShow'),
  icon: BuildIcon,
  recordRepresentation: 'name',
};
