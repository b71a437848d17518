import { ComponentType, ReactElement } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { NotFound } from '../layout/NotFound';
import { PlannedPage } from '../planned/PlannedPage';
import { pagesOf } from './route-table';

export type PageComponents = Partial<Record<string, ComponentType>>;

/**
 * The <Route>s of one area, relative to /<area>, straight from the route
 * table: built pages get their component, the rest the planned page, and
 * anything else under the area is not found. react-admin's own /:id and
 * /:id/show are not used: docs/product.md §2 wants /:id/view and /:id/edit.
 */
export function pageRoutes(area: string, components: PageComponents = {}): ReactElement[] {
  const routes = pagesOf(area).map((page) => {
    const Page = components[page.page];
    const element = page.redirect ? <Navigate to={page.redirect} replace /> : Page ? <Page /> : <PlannedPage area={area} page={page.page} />;
    return page.path === '' ? <Route key="index" index element={element} /> : <Route key={page.path} path={page.path} element={element} />;
  });
  return [...routes, <Route key="not-found" path="*" element={<NotFound />} />];
}
