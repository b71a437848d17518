import { useEffect } from 'react';
import { useLocation, useTranslate } from 'react-admin';
import { matchRoute } from '../routing/route-table';

type Translate = ReturnType<typeof useTranslate>;

/** "Users", "Products – Calculations"; the not-found page names itself. */
export function pageTitle(pathname: string, translate: Translate): string {
  const match = matchRoute(pathname);
  if (!match) return translate('fabquote.not_found.title');
  const page = translate(`fabquote.pages.${match.page}`);
  if (!match.area) return page;
  const area = translate(`resources.${match.area}.name`, { smart_count: 2 });
  return match.page === 'list' || match.area === 'profile' ? area : `${area} – ${page}`;
}

/** The browser tab shows the route's name followed by the product's (docs/product.md §2). */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const translate = useTranslate();
  useEffect(() => {
    document.title = `${pageTitle(pathname, translate)} · ${translate('fabquote.app_name')}`;
  }, [pathname, translate]);
}
