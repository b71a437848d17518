import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

export default {
  list: screen('RoleList'),
  create: screen('RoleCreate'),
  edit: screen('RoleEdit'),
  show: screen('RoleShow'),
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'name',
};
