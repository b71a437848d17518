import SettingsIcon from '@mui/icons-material/Settings';
import { SettingCreate } from './SettingCreate';
import { SettingEdit } from './SettingEdit';
import { SettingList } from './SettingList';
import { SettingShow } from './SettingShow';

export default {
  list: SettingList,
  create: SettingCreate,
  edit: SettingEdit,
  show: SettingShow,
  icon: SettingsIcon,
  recordRepresentation: 'slug',
};
