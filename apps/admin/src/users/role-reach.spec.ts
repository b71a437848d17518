import { markRolesOutOfReach, withinReach } from './role-reach';

describe('roles within reach', () => {
  const held = new Set(['users.view', 'users.manage', 'products.view']);
  const administrator = { id: 'a', name: 'Administrator', permissions: ['users.view', 'users.manage', 'roles.update'] };
  const helpers = { id: 'h', name: 'Helpers', permissions: ['users.view', 'products.view'] };
  const empty = { id: 'e', name: 'Empty', permissions: [] };

  it('is a role whose every permission the person holds', () => {
    expect(withinReach(helpers, held)).toBe(true);
    expect(withinReach(empty, held)).toBe(true);
    expect(withinReach(administrator, held)).toBe(false);
  });

  it('marks the others, and every role while the person edits themselves', () => {
    expect(markRolesOutOfReach([administrator, helpers], held, false).map((role) => role.outOfReach)).toEqual([true, false]);
    expect(markRolesOutOfReach([administrator, helpers, empty], held, true).map((role) => role.outOfReach)).toEqual([true, true, true]);
  });
});
