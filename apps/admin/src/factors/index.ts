import FunctionsIcon from '@mui/icons-material/Functions';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/** Price factors with their validity (docs/product.md §2 /factors). */
export default {
  list: screen('FactorList'),
  create: screen('FactorCreate'),
  edit: screen('FactorEdit'),
  show: screen('FactorShow'),
  icon: FunctionsIcon,
  recordRepresentation: 'name',
};
