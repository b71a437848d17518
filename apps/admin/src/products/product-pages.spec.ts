import { activeProductTabs, PRODUCT_TABS, tabTarget } from './product-pages';

describe('product tabs', () => {
  const base = '/products/p-1';

  it('selects the record page tabs', () => {
    expect(activeProductTabs('/products/p-1/view', base)).toEqual({ top: 'view', sub: false });
    expect(activeProductTabs('/products/p-1/calculations', base)).toEqual({ top: 'calculations', sub: false });
    expect(activeProductTabs('/products/p-1/items', base)).toEqual({ top: 'items', sub: false });
  });

  it('selects geometry and production with their sub-page', () => {
    expect(activeProductTabs('/products/p-1/geometry/bends', base)).toEqual({ top: 'geometry', sub: 'geometry/bends' });
    expect(activeProductTabs('/products/p-1/production/parts', base)).toEqual({ top: 'production', sub: 'production/parts' });
  });

  it('shows /:id/contours (docs/product.md §2) as the geometry contours page', () => {
    expect(activeProductTabs('/products/p-1/contours', base)).toEqual({ top: 'geometry', sub: 'geometry/contours' });
  });

  it('selects nothing on the edit page or under another record', () => {
    expect(activeProductTabs('/products/p-1/edit', base)).toEqual({ top: false, sub: false });
    expect(activeProductTabs('/products/p-2/view', base)).toEqual({ top: false, sub: false });
  });

  it('opens a group on its first sub-page, as the route table forwards geometry and production', () => {
    const target = (path: string) => tabTarget(PRODUCT_TABS.find((tab) => tab.path === path)!);
    expect(target('geometry')).toBe('geometry/contours');
    expect(target('production')).toBe('production/materials');
    expect(target('view')).toBe('view');
  });
});
