import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { PermissionGate } from './PermissionGate';
import { SessionWatcher } from './SessionWatcher';
import { useDocumentTitle } from './useDocumentTitle';

/**
 * react-admin's layout grows to its widest content (`min-width: fit-content`), so one wide table
 * (a product's operations in German, on a laptop) pushed the page's own buttons off the screen.
 * Here the page keeps the window's width and a wide table scrolls sideways within its card.
 */
const FITS_THE_WINDOW = {
  minWidth: 0,
  '& .RaLayout-content': { minWidth: 0 },
  '& .RaDataTable-tableWrapper, & .RaDatagrid-tableWrapper': { overflowX: 'auto' },
} as const;

export const AppLayout = ({ children }: { children: ReactNode }) => {
  useDocumentTitle();
  return (
    <Layout appBar={AppBar} menu={Menu} sx={FITS_THE_WINDOW}>
      <SessionWatcher />
      <PermissionGate>{children}</PermissionGate>
    </Layout>
  );
};
