import { isAllowed, requirementFor, Requirement } from '../auth/permissions';

/**
 * The navigation of docs/product.md §2, in its order. Each entry is shown only with its
 * area's view permission; a group without visible entries disappears.
 */
export interface MenuItemEntry {
  kind: 'item';
  area: string;
  path: string;
  requirement: Requirement;
}

export interface MenuGroupEntry {
  kind: 'group';
  /** Translated as fabquote.menu.<group>. */
  group: string;
  entries: MenuItemEntry[];
}

export type MenuEntry = MenuItemEntry | MenuGroupEntry;

const item = (area: string): MenuItemEntry => ({ kind: 'item', area, path: `/${area}`, requirement: requirementFor(area, 'list') });
const group = (name: string, areas: string[]): MenuGroupEntry => ({ kind: 'group', group: name, entries: areas.map(item) });

export const MENU: readonly MenuEntry[] = [
  item('dashboard'),
  item('products'),
  item('surveys'),
  item('purchase-requests'),
  item('orders'),
  group('partners', ['customers', 'suppliers']),
  // The material list itself lives here too; otherwise /materials could only be reached by typing it.
  group('materials', ['materials', 'groups', 'factors']),
  item('operations'),
  item('assets'),
  item('parts'),
  item('suppliables'),
  group('authentication', ['users', 'roles']),
  group('settings', ['company-profile', 'settings']),
  { kind: 'item', area: 'profile', path: '/profile', requirement: null },
];

export function visibleMenu(granted: readonly string[], menu: readonly MenuEntry[] = MENU): MenuEntry[] {
  return menu.flatMap((entry): MenuEntry[] => {
    if (entry.kind === 'item') return isAllowed(granted, entry.requirement) ? [entry] : [];
    const entries = entry.entries.filter((child) => isAllowed(granted, child.requirement));
    return entries.length > 0 ? [{ ...entry, entries }] : [];
  });
}

/** Where a signed-in user lands when there is no page to go back to. */
export function homePath(granted: readonly string[]): string {
  return isAllowed(granted, requirementFor('dashboard', 'list')) ? '/dashboard' : '/profile';
}
