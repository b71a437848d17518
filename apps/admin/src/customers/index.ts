import BusinessIcon from '@mui/icons-material/Business';
import { CustomerCreate } from './CustomerCreate';
import { CustomerEdit } from './CustomerEdit';
import { CustomerList } from './CustomerList';
import { CustomerShow } from './CustomerShow';

/** The shop's customers (spec §2 /customers). */
export default {
  list: CustomerList,
  create: CustomerCreate,
  edit: CustomerEdit,
  show: CustomerShow,
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
