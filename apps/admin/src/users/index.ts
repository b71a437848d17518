import PeopleIcon from '@mui/icons-material/People';
import type { UserRecord } from './user-record';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

/** Users are invited from the list (a dialog), so there is no create page. */
export default {
  list: UserList,
  edit: UserEdit,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: (record: UserRecord) => record.name || record.email,
};
