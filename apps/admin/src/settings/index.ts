import SettingsIcon from '@mui/icons-material/Settings';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

export default {
  list: screen('SettingList'),
  create: screen('SettingCreate'),
  edit: screen('SettingEdit'),
  show: screen('SettingShow'),
  icon: SettingsIcon,
  recordRepresentation: 'slug',
};
