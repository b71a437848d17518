import StorefrontIcon from '@mui/icons-material/Storefront';
import { SuppliableCreate } from './SuppliableCreate';
import { SuppliableEdit } from './SuppliableEdit';
import { SuppliableList } from './SuppliableList';
import { SuppliableBulkPrices, SuppliableDetails, SuppliableFactors } from './SuppliableShow';

/**
 * Parts and operations a supplier provides (spec §2 /suppliables). The view is tabbed:
 * /:id/view forwards to its details tab, beside bulk-prices and factors.
 */
export default {
  list: SuppliableList,
  create: SuppliableCreate,
  edit: SuppliableEdit,
  show: SuppliableDetails,
  pages: { details: SuppliableDetails, 'bulk-prices': SuppliableBulkPrices, factors: SuppliableFactors },
  icon: StorefrontIcon,
  recordRepresentation: 'number',
};
