import { isAllowed, permissionsOf, requirementFor } from './permissions';

describe('permissions (docs/product.md §6)', () => {
  it('are the union of the names across the roles', () => {
    expect(
      permissionsOf([
        { name: 'Estimator', permissions: ['products.view', 'products.create'] },
        { name: 'Viewer', permissions: ['products.view', 'orders.view'] },
      ]),
    ).toEqual(['orders.view', 'products.create', 'products.view']);
  });

  it('allow anything without a requirement and any one of the alternatives', () => {
    expect(isAllowed([], null)).toBe(true);
    expect(isAllowed([], [])).toBe(true);
    expect(isAllowed(['settings.manage'], ['settings.update', 'settings.manage'])).toBe(true);
    expect(isAllowed(['settings.view'], ['settings.update'])).toBe(false);
  });

  it('map react-admin actions to the API permission names', () => {
    expect(requirementFor('products', 'list')).toEqual(['products.view']);
    expect(requirementFor('products', 'show')).toEqual(['products.view']);
    expect(requirementFor('products', 'edit')).toEqual(['products.update']);
    expect(requirementFor('purchase-requests', 'delete')).toEqual(['purchase-requests.delete']);
    expect(requirementFor('users', 'edit')).toEqual(['users.manage']);
    expect(requirementFor('users', 'list')).toEqual(['users.view']);
    expect(requirementFor('permissions', 'list')).toEqual(['roles.view']);
    expect(requirementFor('languages', 'list')).toBeNull();
  });

  it('read child rows with the parent area\'s view and write them with its update', () => {
    expect(requirementFor('asset-prices', 'list')).toEqual(['assets.view']);
    expect(requirementFor('asset-cutting-rates', 'export')).toEqual(['assets.view']);
    expect(requirementFor('group-prices', 'create')).toEqual(['groups.update']);
    expect(requirementFor('suppliable-bulk-prices', 'edit')).toEqual(['suppliables.update']);
    expect(requirementFor('suppliable-factors', 'delete')).toEqual(['suppliables.update']);
  });
});
