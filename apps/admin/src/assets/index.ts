import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import { AssetCreate } from './AssetCreate';
import { AssetEdit } from './AssetEdit';
import { AssetList } from './AssetList';
import { AssetPrices, AssetShow } from './AssetShow';

/** Machines (spec §2 /assets): list, create dialog, edit, view, and prices with cutting and bending rates. */
export default {
  list: AssetList,
  create: AssetCreate,
  edit: AssetEdit,
  show: AssetShow,
  pages: { prices: AssetPrices },
  icon: PrecisionManufacturingIcon,
  recordRepresentation: 'name',
};
