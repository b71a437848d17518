import BuildIcon from '@mui/icons-material/Build';
import { OperationCreate } from './OperationCreate';
import { OperationEdit } from './OperationEdit';
import { OperationList } from './OperationList';
import { OperationShow } from './OperationShow';

/** Work steps a product goes through (spec §2 /operations). */
export default {
  list: OperationList,
  create: OperationCreate,
  edit: OperationEdit,
  show: OperationShow,
  icon: BuildIcon,
  recordRepresentation: 'name',
};
