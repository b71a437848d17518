import { requirementFor, Requirement } from '../auth/permissions';

/**
 * Every route of docs/product.md §2, in one table: the router is built from it, the
 * permission gate and the document title read it. Paths are relative to the area.
 */
export interface PageRoute {
  /** Relative to `/<area>`; '' is the area's index. */
  path: string;
  /** Names the page in titles: fabquote.pages.<page>. */
  page: string;
  /** The react-admin action the page performs; decides the permission. */
  action: 'list' | 'show' | 'create' | 'edit';
  /** A path (relative to this route) the page forwards to instead of rendering. */
  redirect?: string;
}

export interface AreaRoutes {
  area: string;
  pages: PageRoute[];
  /** Areas without a permission of their own (the profile). */
  open?: boolean;
}

const list: PageRoute = { path: '', page: 'list', action: 'list' };
const create: PageRoute = { path: 'create', page: 'create', action: 'create' };
const detail: PageRoute = { path: ':id', page: 'view', action: 'show', redirect: 'view' };
const view: PageRoute = { path: ':id/view', page: 'view', action: 'show' };
const edit: PageRoute = { path: ':id/edit', page: 'edit', action: 'edit' };
const tab = (path: string, page = path): PageRoute => ({ path: `:id/${path}`, page, action: 'show' });
const forward = (path: string, to: string, page: string): PageRoute => ({ path: `:id/${path}`, page, action: 'show', redirect: to });

export const AREAS: readonly AreaRoutes[] = [
  { area: 'dashboard', pages: [list] },
  { area: 'assets', pages: [list, create, detail, edit, tab('prices'), view] },
  { area: 'company-profile', pages: [{ path: '', page: 'list', action: 'show' }] },
  { area: 'customers', pages: [list, create, detail, edit, view] },
  { area: 'factors', pages: [list, create, detail, edit, view] },
  { area: 'groups', pages: [list, create, detail, edit, tab('materials'), tab('prices'), view] },
  { area: 'items', pages: [list, detail, view] },
  { area: 'materials', pages: [list, create, detail, edit, tab('prices'), view] },
  { area: 'operations', pages: [list, create, detail, edit, view] },
  { area: 'orders', pages: [list, create, detail, edit, tab('items'), view] },
  { area: 'parts', pages: [list, create, detail, edit, view] },
  {
    area: 'products',
    pages: [
      list,
      create,
      detail,
      tab('calculations'),
      tab('contours'),
      edit,
      tab('items'),
      view,
      forward('geometry', 'contours', 'geometry-contours'),
      tab('geometry/bends', 'geometry-bends'),
      tab('geometry/contours', 'geometry-contours'),
      tab('geometry/holes', 'geometry-holes'),
      forward('production', 'materials', 'production-materials'),
      tab('production/materials', 'production-materials'),
      tab('production/operations', 'production-operations'),
      tab('production/parts', 'production-parts'),
    ],
  },
  { area: 'profile', pages: [{ path: '', page: 'profile', action: 'show' }], open: true },
  {
    area: 'purchase-requests',
    pages: [
      list,
      create,
      detail,
      edit,
      tab('email-preview'),
      tab('offers'),
      tab('product-operations'),
      tab('product-parts'),
      tab('products'),
      tab('suppliers'),
      view,
    ],
  },
  { area: 'roles', pages: [list, create, detail, edit, view] },
  { area: 'settings', pages: [list, create, detail, edit, view] },
  {
    area: 'suppliables',
    pages: [
      list,
      create,
      detail,
      edit,
      forward('view', 'details', 'details'),
      tab('view/bulk-prices', 'bulk-prices'),
      tab('view/details', 'details'),
      tab('view/factors', 'factors'),
    ],
  },
  { area: 'suppliers', pages: [list, create, detail, edit, view] },
  { area: 'surveys', pages: [list, create, detail, view] },
  { area: 'users', pages: [list, detail, view, edit] },
];

/** Pages outside the admin layout; they skip sign-in and permission checks (docs/product.md §2). */
export const PUBLIC_PAGES: readonly { path: string; page: string }[] = [
  { path: '/login', page: 'login' },
  { path: '/forgot-password', page: 'forgot-password' },
  { path: '/reset-password', page: 'reset-password' },
  { path: '/no-organization', page: 'no-organization' },
  { path: '/pub/purchase-requests/:id/:supplierId', page: 'public-purchase-request' },
  { path: '/pub/offers/:id', page: 'public-offer' },
  { path: '/pub/quote', page: 'public-quote' },
  { path: '/pub/quote/:id', page: 'public-quote' },
];

export interface RouteMatch {
  /** null for public pages. */
  area: string | null;
  page: string;
  /** What the signed-in user needs to see it; null: nothing. */
  requirement: Requirement;
  params: Record<string, string>;
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  if (wanted.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < wanted.length; index += 1) {
    if (wanted[index].startsWith(':')) params[wanted[index].slice(1)] = decodeURIComponent(actual[index]);
    else if (wanted[index] !== actual[index]) return null;
  }
  return params;
}

/** The page a path shows, or null when nothing lives there (the not-found page). */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const publicPage of PUBLIC_PAGES) {
    const params = matchPattern(publicPage.path, pathname);
    if (params) return { area: null, page: publicPage.page, requirement: null, params };
  }
  for (const { area, pages, open } of AREAS) {
    for (const page of pages) {
      const params = matchPattern(`/${area}/${page.path}`, pathname);
      if (params) return { area, page: page.page, requirement: open ? null : requirementFor(area, page.action), params };
    }
  }
  return null;
}

/** The area's own pages, for building its routes. */
export function pagesOf(area: string): readonly PageRoute[] {
  const found = AREAS.find((entry) => entry.area === area);
  if (!found) throw new Error(`No routes for area ${area}`);
  return found.pages;
}

/** Where each kind of page of a record lives, so links never use react-admin's /:id and /:id/show. */
export const recordPath = {
  list: (resource: string) => `/${resource}`,
  create: (resource: string) => `/${resource}/create`,
  view: (resource: string, id: string | number) => `/${resource}/${encodeURIComponent(String(id))}/view`,
  edit: (resource: string, id: string | number) => `/${resource}/${encodeURIComponent(String(id))}/edit`,
};
