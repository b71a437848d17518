/**
 * Every status of docs/product.md §4 with the colour its chip gets. Labels are translated
 * under fabquote.status.<kind>.<status>.
 */
export type StatusColor = 'default' | 'success' | 'warning' | 'error' | 'info';

export const STATUSES = {
  product: {
    ready: 'success',
    pending: 'warning',
    creation_stopped: 'error',
    manually_created: 'default',
    generated_from_data_extractor: 'info',
  },
  order: { draft: 'default', offered: 'info', ordered: 'success', deferred: 'warning', declined: 'error' },
  purchase_request: { open: 'success', closed: 'default', submission_not_allowed: 'error' },
  supplier: { active: 'success', inactive: 'default' },
  user: { active: 'success', inactive: 'default' },
  mfa: { enabled: 'success', disabled: 'default' },
  processing: { created: 'default', success: 'success', processing: 'info', error: 'error' },
} as const satisfies Record<string, Record<string, StatusColor>>;

export type StatusKind = keyof typeof STATUSES;

/** 'Creation stopped', 'creation-stopped', 'CREATION_STOPPED' → 'creation_stopped'. */
export function normalizeStatus(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

export interface StatusLook {
  /** Translation key, or null for a status docs/product.md §4 does not list (shown as sent). */
  key: string | null;
  color: StatusColor;
}

export function statusLook(kind: StatusKind, status: string | boolean): StatusLook {
  const name = typeof status === 'boolean' ? (status ? (kind === 'mfa' ? 'enabled' : 'active') : kind === 'mfa' ? 'disabled' : 'inactive') : normalizeStatus(status);
  const colors: Record<string, StatusColor> = STATUSES[kind];
  return name in colors ? { key: `fabquote.status.${kind}.${name}`, color: colors[name] } : { key: null, color: 'default' };
}
