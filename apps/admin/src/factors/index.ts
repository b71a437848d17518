import FunctionsIcon from '@mui/icons-material/Functions';
import { FactorCreate } from './FactorCreate';
import { FactorEdit } from './FactorEdit';
import { FactorList } from './FactorList';
import { FactorShow } from './FactorShow';

/** Price factors with their validity (spec §2 /factors). */
export default {
  list: FactorList,
  create: FactorCreate,
  edit: FactorEdit,
  show: FactorShow,
  icon: FunctionsIcon,
  recordRepresentation: 'name',
};
