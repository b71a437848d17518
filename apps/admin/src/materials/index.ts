import CategoryIcon from '@mui/icons-material/Category';
import { MaterialCreate } from './MaterialCreate';
import { MaterialEdit } from './MaterialEdit';
import { MaterialList } from './MaterialList';
import { MaterialPrices, MaterialShow } from './MaterialShow';

/** Sheets and stock the shop cuts from (spec §2 /materials), with their price history. */
export default {
  list: MaterialList,
  create: MaterialCreate,
  edit: MaterialEdit,
  show: MaterialShow,
  pages: { prices: MaterialPrices },
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
