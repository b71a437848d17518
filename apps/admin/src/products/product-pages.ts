/**
 * The pages of a product (docs/product.md §2) as two rows of tabs: the record's own pages, and under
 * geometry and production their sub-pages. Every tab is a route of the route table, so a
 * tab can be linked and reloaded; /:id/contours is the contours page under another path.
 */
export interface ProductTab {
  /** Relative to /products/:id. */
  path: string;
  /** Translation key of the tab's label. */
  label: string;
  /** Other paths that show this tab's page. */
  aliases?: readonly string[];
  sub?: readonly ProductTab[];
}

export const PRODUCT_TABS: readonly ProductTab[] = [
  { path: 'view', label: 'fabquote.pages.view' },
  { path: 'calculations', label: 'fabquote.pages.calculations' },
  {
    path: 'geometry',
    label: 'resources.products.tabs.geometry',
    sub: [
      { path: 'geometry/contours', label: 'resources.products.tabs.contours', aliases: ['contours'] },
      { path: 'geometry/bends', label: 'resources.products.tabs.bends' },
      { path: 'geometry/holes', label: 'resources.products.tabs.holes' },
    ],
  },
  {
    path: 'production',
    label: 'resources.products.tabs.production',
    sub: [
      { path: 'production/materials', label: 'resources.products.tabs.materials' },
      { path: 'production/operations', label: 'resources.products.tabs.operations' },
      { path: 'production/parts', label: 'resources.products.tabs.parts' },
    ],
  },
  { path: 'items', label: 'fabquote.pages.items' },
];

/** Where a tab leads: a tab with sub-pages opens its first. */
export function tabTarget(tab: ProductTab): string {
  return tab.sub?.[0]?.path ?? tab.path;
}

const shows = (tab: ProductTab, page: string) => tab.path === page || (tab.aliases ?? []).includes(page);

export interface ActiveTabs {
  /** The path of the selected tab of each row; false where none is. */
  top: string | false;
  sub: string | false;
}

/** The selected tabs on `pathname`, the product's pages living under `base` (/products/:id). */
export function activeProductTabs(pathname: string, base: string, tabs: readonly ProductTab[] = PRODUCT_TABS): ActiveTabs {
  const prefix = `${base.replace(/\/+$/, '')}/`;
  if (!pathname.startsWith(prefix)) return { top: false, sub: false };
  const page = pathname.slice(prefix.length).replace(/\/+$/, '');
  for (const tab of tabs) {
    if (shows(tab, page)) return { top: tab.path, sub: tab.sub ? tabTarget(tab) : false };
    const sub = tab.sub?.find((child) => shows(child, page));
    if (sub) return { top: tab.path, sub: sub.path };
  }
  return { top: false, sub: false };
}
