import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import HandshakeIcon from '@mui/icons-material/Handshake';
import LayersIcon from '@mui/icons-material/Layers';
import LockIcon from '@mui/icons-material/Lock';
import SettingsIcon from '@mui/icons-material/Settings';
import companyProfile from '../company-profile';
import type { ComponentType } from 'react';
import dashboard from '../dashboard';
import items from '../items';
import { MASTER_DATA_AREAS } from '../master-data';
import orders from '../orders';
import { PLANNED_AREAS } from '../planned/areas';
import products from '../products';
import purchaseRequests from '../purchase-requests';
import roles from '../roles';
import settings from '../settings';
import surveys from '../surveys';
import users from '../users';

/** The menu shows each area with its resource's own icon. */
export const AREA_ICONS: Record<string, ComponentType> = {
  ...Object.fromEntries(Object.entries(PLANNED_AREAS).map(([area, { icon }]) => [area, icon])),
  ...Object.fromEntries(Object.entries(MASTER_DATA_AREAS).map(([area, { icon }]) => [area, icon])),
  products: products.icon,
  'purchase-requests': purchaseRequests.icon,
  orders: orders.icon,
  surveys: surveys.icon,
  items: items.icon,
  dashboard: dashboard.icon,
  users: users.icon,
  roles: roles.icon,
  settings: settings.icon,
  'company-profile': companyProfile.icon,
  profile: AccountCircleIcon,
};

export const GROUP_ICONS: Record<string, ComponentType> = {
  partners: HandshakeIcon,
  materials: LayersIcon,
  authentication: LockIcon,
  settings: SettingsIcon,
};
