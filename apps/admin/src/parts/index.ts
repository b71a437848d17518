import ExtensionIcon from '@mui/icons-material/Extension';
import { PartCreate } from './PartCreate';
import { PartEdit } from './PartEdit';
import { PartList } from './PartList';
import { PartShow } from './PartShow';

/** Standard and bought components: press nuts, screws, hinges (spec §2 /parts). */
export default {
  list: PartList,
  create: PartCreate,
  edit: PartEdit,
  show: PartShow,
  icon: ExtensionIcon,
  recordRepresentation: 'name',
};
