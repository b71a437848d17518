import PeopleIcon from '@mui/icons-material/People';
import type { UserRecord } from './user-record';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/** Users are invited from the list (a dialog), so there is no create page. */
export default {
  list: screen('UserList'),
  edit: screen('UserEdit'),
  show: screen('UserShow'),
  icon: PeopleIcon,
  recordRepresentation: (record: UserRecord) => record.name || record.email,
};
