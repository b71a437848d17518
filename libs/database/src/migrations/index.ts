import { Platform1795219200000 } from './1795219200000-platform';
import { Identity1795219300000 } from './1795219300000-identity';
import { MasterData1795219400000 } from './1795219400000-master-data';
import { Products1795219500000 } from './1795219500000-products';

/** Every migration, in order. Listed by hand so a bundle or a rename can never skip one. */
export const MIGRATIONS = [Platform1795219200000, Identity1795219300000, MasterData1795219400000, Products1795219500000];
