import AssignmentIcon from '@mui/icons-material/Assignment';
import BuildIcon from '@mui/icons-material/Build';
import BusinessIcon from '@mui/icons-material/Business';
import CategoryIcon from '@mui/icons-material/Category';
import ExtensionIcon from '@mui/icons-material/Extension';
import FunctionsIcon from '@mui/icons-material/Functions';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { ComponentType } from 'react';

/**
 * Areas whose screens come with later issues. Their routes exist now and show
 * what will be there (resources.<area>.planned); when an area is built it gets
 * its own folder and leaves this list.
 */
export const PLANNED_AREAS: Record<string, { icon: ComponentType }> = {
  assets: { icon: PrecisionManufacturingIcon },
  customers: { icon: BusinessIcon },
  factors: { icon: FunctionsIcon },
  groups: { icon: WorkspacesIcon },
  items: { icon: ListAltIcon },
  materials: { icon: CategoryIcon },
  operations: { icon: BuildIcon },
  orders: { icon: ShoppingCartIcon },
  parts: { icon: ExtensionIcon },
  products: { icon: Inventory2Icon },
  'purchase-requests': { icon: RequestQuoteIcon },
  suppliables: { icon: StorefrontIcon },
  suppliers: { icon: LocalShippingIcon },
  surveys: { icon: AssignmentIcon },
};
