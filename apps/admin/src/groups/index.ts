import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/** Material groups (docs/product.md §2 /groups), their materials and prices; the API resource is `groups`. */
export default {
  list: screen('GroupList'),
  create: screen('GroupCreate'),
  edit: screen('GroupEdit'),
  show: screen('GroupShow'),
  pages: { materials: screen('GroupMaterials'), prices: screen('GroupPrices') },
  icon: WorkspacesIcon,
  recordRepresentation: 'name',
};
