import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/** Machines (docs/product.md §2 /assets): list, create dialog, edit, view, and prices with cutting and bending rates. */
export default {
  list: screen('AssetList'),
  create: screen('AssetCreate'),
  edit: screen('AssetEdit'),
  show: screen('AssetShow'),
  pages: { prices: screen('AssetPrices') },
  icon: PrecisionManufacturingIcon,
  recordRepresentation: 'name',
};
