import { AREAS, matchRoute, recordPath } from './route-table';

describe('route table (docs/product.md §2)', () => {
  it('finds list, create, view and edit pages with their permissions', () => {
    expect(matchRoute('/products')).toEqual({ area: 'products', page: 'list', requirement: ['products.view'], params: {} });
    expect(matchRoute('/assets/create')?.requirement).toEqual(['assets.create']);
    expect(matchRoute('/orders/42/view')).toMatchObject({ page: 'view', params: { id: '42' } });
    expect(matchRoute('/orders/42/edit')?.requirement).toEqual(['orders.update']);
    expect(matchRoute('/users/7/edit')?.requirement).toEqual(['users.manage']);
  });

  it('knows the nested pages of products, purchase requests and suppliables', () => {
    expect(matchRoute('/products/1/geometry/holes')?.page).toBe('geometry-holes');
    expect(matchRoute('/products/1/production/operations')?.page).toBe('production-operations');
    expect(matchRoute('/purchase-requests/1/email-preview')?.requirement).toEqual(['purchase-requests.view']);
    expect(matchRoute('/suppliables/3/view/bulk-prices')?.page).toBe('bulk-prices');
  });

  it('leaves the profile and public pages open', () => {
    expect(matchRoute('/profile')?.requirement).toBeNull();
    expect(matchRoute('/login')).toMatchObject({ area: null, page: 'login' });
    expect(matchRoute('/pub/purchase-requests/5/9')).toMatchObject({ page: 'public-purchase-request', params: { id: '5', supplierId: '9' } });
  });

  it('guards the company profile with the settings\' view permission', () => {
    expect(matchRoute('/company-profile')).toEqual({ area: 'company-profile', page: 'list', requirement: ['settings.view'], params: {} });
  });

  it('finds nothing at unknown paths', () => {
    expect(matchRoute('/nowhere')).toBeNull();
    expect(matchRoute('/users/7/delete')).toBeNull();
    expect(matchRoute('/products/1/geometry/angles')).toBeNull();
  });

  it('has every area of the spec', () => {
    expect(AREAS.map((entry) => entry.area).sort()).toEqual(
      [
        'assets', 'company-profile', 'customers', 'dashboard', 'factors', 'groups', 'items', 'materials', 'operations', 'orders', 'parts',
        'products', 'profile', 'purchase-requests', 'roles', 'settings', 'suppliables', 'suppliers', 'surveys', 'users',
      ].sort(),
    );
  });

  it('links records to /:id/view and /:id/edit', () => {
    expect(recordPath.view('users', 'a b')).toBe('/users/a%20b/view');
    expect(recordPath.edit('roles', 3)).toBe('/roles/3/edit');
  });
});
