import { groupPermissionNames, groupPermissions, toggleArea, toggleOne } from './permission-groups';

const permission = (name: string) => {
  const [area, action] = name.split('.');
  return { id: name, name, area, action };
};

describe('permissions grouped by area', () => {
  const groups = groupPermissions(['users.manage', 'users.delete', 'users.view', 'assets.update', 'assets.view', 'users.create'].map(permission));

  it('sorts areas, and actions view, create, update, delete before the special ones', () => {
    expect(groups.map((group) => group.area)).toEqual(['assets', 'users']);
    expect(groups[1].permissions.map((entry) => entry.action)).toEqual(['view', 'create', 'delete', 'manage']);
  });

  it('ticks and clears a whole area without touching the others', () => {
    expect(toggleArea(['assets.view'], groups[1], true).sort()).toEqual(['assets.view', 'users.create', 'users.delete', 'users.manage', 'users.view']);
    expect(toggleArea(['assets.view', 'users.view', 'users.manage'], groups[1], false)).toEqual(['assets.view']);
  });

  it("groups a role's permission names, as /roles lists them, the same way", () => {
    const byName = groupPermissionNames(['purchase-requests.send', 'products.view', 'purchase-requests.view', 'ai.use']);
    expect(byName.map((group) => [group.area, group.permissions.map((entry) => entry.action)])).toEqual([
      ['ai', ['use']],
      ['products', ['view']],
      ['purchase-requests', ['view', 'send']],
    ]);
  });

  it('ticks and clears one permission', () => {
    expect(toggleOne(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleOne(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(toggleOne(['a'], 'a', true)).toEqual(['a']);
  });
});
