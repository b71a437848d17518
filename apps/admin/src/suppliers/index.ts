import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { SupplierCreate } from './SupplierCreate';
import { SupplierEdit } from './SupplierEdit';
import { SupplierList } from './SupplierList';
import { SupplierShow } from './SupplierShow';

/** Suppliers the shop buys parts and operations from (spec §2 /suppliers). */
export default {
  list: SupplierList,
  create: SupplierCreate,
  edit: SupplierEdit,
  show: SupplierShow,
  icon: LocalShippingIcon,
  recordRepresentation: 'name',
};
