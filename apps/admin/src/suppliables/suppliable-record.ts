import type { Suppliable } from '../api/contracts';

/** What a supplier provides: a part or an operation (the API's choice values). */
export const SUPPLIABLE_TYPES = ['part', 'operation'] as const satisfies readonly Suppliable['type'][];
export type SuppliableType = Suppliable['type'];
export const SUPPLIABLE_TYPE_PREFIX = 'resources.suppliables.types';

/** A suppliable as /suppliables answers: the API's contract. */
export type SuppliableRecord = Suppliable;

/**
 * What POST and PUT /suppliables take: a part suppliable names no operation and the
 * other way round (the API refuses both at once), so switching the type on the form
 * clears the reference of the other type.
 */
export function suppliableChanges<T extends Partial<SuppliableRecord>>(form: T): T {
  if (form.type === 'part') return { ...form, operationId: null };
  if (form.type === 'operation') return { ...form, partId: null };
  return form;
}

/** The field holding what a suppliable of `type` supplies, and where that record lives. */
export function suppliedReference(type: string | null | undefined): { source: 'partId' | 'operationId'; reference: 'parts' | 'operations' } | null {
  if (type === 'part') return { source: 'partId', reference: 'parts' };
  if (type === 'operation') return { source: 'operationId', reference: 'operations' };
  return null;
}
