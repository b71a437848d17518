import { createContext, useContext } from 'react';
import type { Organization } from './organization';

/** The organization the console was opened for, once the check succeeded. */
export const OrganizationContext = createContext<Organization | null>(null);

export const useOrganization = () => useContext(OrganizationContext);
