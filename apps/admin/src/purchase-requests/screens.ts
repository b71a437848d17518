// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { PurchaseRequestEmailPreview } from './EmailPreviewTab';
export { PurchaseRequestOffers } from './OffersTab';
export { PurchaseRequestCreate } from './PurchaseRequestCreate';
export { PurchaseRequestEdit } from './PurchaseRequestEdit';
export { PurchaseRequestList } from './PurchaseRequestList';
export { PurchaseRequestShow } from './PurchaseRequestShow';
export { PurchaseRequestOperations, PurchaseRequestParts, PurchaseRequestProducts, PurchaseRequestSuppliers } from './RequestTabs';
