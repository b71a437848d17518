import { homePath, MenuGroupEntry, visibleMenu } from './menu';

const names = (granted: string[]) =>
  visibleMenu(granted).map((entry) => (entry.kind === 'item' ? entry.area : `${entry.group}(${entry.entries.map((child) => child.area).join(',')})`));

describe('menu (docs/product.md §2)', () => {
  it('shows everything to a user with every view permission, in the spec order', () => {
    const all = ['dashboard', 'products', 'surveys', 'purchase-requests', 'orders', 'customers', 'suppliers', 'materials', 'groups', 'factors',
      'operations', 'assets', 'parts', 'suppliables', 'users', 'roles', 'settings'].map((area) => `${area}.view`);
    expect(names(all)).toEqual([
      'dashboard', 'products', 'surveys', 'purchase-requests', 'orders', 'partners(customers,suppliers)', 'materials(materials,groups,factors)',
      'operations', 'assets', 'parts', 'suppliables', 'authentication(users,roles)', 'settings(company-profile,settings)', 'profile',
    ]);
  });

  it('hides entries without their view permission and empty groups', () => {
    expect(names(['suppliers.view', 'products.create'])).toEqual(['partners(suppliers)', 'profile']);
    const partners = visibleMenu(['customers.view']).find((entry) => entry.kind === 'group') as MenuGroupEntry;
    expect(partners.entries.map((entry) => entry.path)).toEqual(['/customers']);
  });

  it('sends users without the dashboard to their profile', () => {
    expect(homePath(['dashboard.view'])).toBe('/dashboard');
    expect(homePath([])).toBe('/profile');
  });
});
