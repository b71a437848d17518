import ExtensionIcon from '@mui/icons-material/Extension';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/** Standard and bought components: press nuts, screws, hinges (docs/product.md §2 /parts). */
export default {
  list: screen('PartList'),
  create: screen('PartCreate'),
  edit: screen('PartEdit'),
  show: screen('PartShow'),
  icon: ExtensionIcon,
  recordRepresentation: 'name',
};
