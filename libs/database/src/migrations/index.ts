import { Platform1795219200000 } from './1795219200000-platform';

/** Every migration, in order. Listed by hand so a bundle or a rename can never skip one. */
export const MIGRATIONS = [Platform1795219200000];
