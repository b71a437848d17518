import { Tab, Tabs } from '@mui/material';
import { ReactNode } from 'react';
import { Link, useLocation, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordShow } from '../shared/RecordPages';
import { activeProductTabs, PRODUCT_TABS, tabTarget } from './product-pages';

/** The product's pages as tabs, with a second row for the pages of geometry and production. */
export const ProductTabs = () => {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const translate = useTranslate();
  const base = `/products/${encodeURIComponent(id)}`;
  const active = activeProductTabs(pathname, base);
  const group = PRODUCT_TABS.find((tab) => tab.path === active.top && tab.sub);
  return (
    <>
      <Tabs value={active.top} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }} variant="scrollable" scrollButtons="auto">
        {PRODUCT_TABS.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={translate(tab.label)} component={Link} to={`${base}/${tabTarget(tab)}`} />
        ))}
      </Tabs>
      {group?.sub ? (
        <Tabs
          value={active.sub}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 2, minHeight: 40, bgcolor: 'action.hover', '& .MuiTab-root': { minHeight: 40, py: 0.5 } }}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={translate(group.label)}
        >
          {group.sub.map((tab) => (
            <Tab key={tab.path} value={tab.path} label={translate(tab.label)} component={Link} to={`${base}/${tab.path}`} />
          ))}
        </Tabs>
      ) : null}
    </>
  );
};

/** A product page: edit and delete on top, the product's tabs, then `children`. */
export const ProductPage = ({ children }: { children: ReactNode }) => (
  <RecordShow>
    <ProductTabs />
    {children}
  </RecordShow>
);
