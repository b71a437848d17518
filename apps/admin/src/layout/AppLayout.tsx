import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { PermissionGate } from './PermissionGate';
import { SessionWatcher } from './SessionWatcher';
import { useDocumentTitle } from './useDocumentTitle';

export const AppLayout = ({ children }: { children: ReactNode }) => {
  useDocumentTitle();
  return (
    <Layout appBar={AppBar} menu={Menu}>
      <SessionWatcher />
      <PermissionGate>{children}</PermissionGate>
    </Layout>
  );
};
