import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/**
 * Purchase requests to suppliers (docs/product.md §2 /purchase-requests, docs/api-procurement.md): list,
 * the create stepper over it, edit, and the view with its tabs products, suppliers, product
 * operations, product parts, offers and the email preview. `pages` is keyed by the route table's page names.
 */
export default {
  list: screen('PurchaseRequestList'),
  create: screen('PurchaseRequestCreate'),
  edit: screen('PurchaseRequestEdit'),
  show: screen('PurchaseRequestShow'),
  pages: {
    products: screen('PurchaseRequestProducts'),
    suppliers: screen('PurchaseRequestSuppliers'),
    'product-operations': screen('PurchaseRequestOperations'),
    'product-parts': screen('PurchaseRequestParts'),
    offers: screen('PurchaseRequestOffers'),
    'email-preview': screen('PurchaseRequestEmailPreview'),
  },
  icon: RequestQuoteIcon,
  recordRepresentation: 'name',
};
