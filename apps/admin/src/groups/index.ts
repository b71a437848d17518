import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { GroupCreate } from './GroupCreate';
import { GroupEdit } from './GroupEdit';
import { GroupList } from './GroupList';
import { GroupMaterials, GroupPrices, GroupShow } from './GroupShow';

/** Material groups (spec §2 /groups), their materials and prices; the API resource is `groups`. */
export default {
  list: GroupList,
  create: GroupCreate,
  edit: GroupEdit,
  show: GroupShow,
  pages: { materials: GroupMaterials, prices: GroupPrices },
  icon: WorkspacesIcon,
  recordRepresentation: 'name',
};
