/**
 * Deleting several rows asks the API once per row: some may be refused (409, still
 * in use) while the others go. The outcome says which went and why the rest stayed.
 */
export interface BulkDeleteOutcome<Id> {
  deleted: Id[];
  kept: Id[];
  /** The first refusal's reason, for the notice; null when every row went. */
  reason: unknown;
}

export function bulkDeleteOutcome<Id>(ids: readonly Id[], results: readonly PromiseSettledResult<unknown>[]): BulkDeleteOutcome<Id> {
  const deleted: Id[] = [];
  const kept: Id[] = [];
  let reason: unknown = null;
  ids.forEach((id, index) => {
    const result = results[index];
    if (result?.status === 'fulfilled') {
      deleted.push(id);
      return;
    }
    kept.push(id);
    if (reason === null) reason = result?.reason ?? null;
  });
  return { deleted, kept, reason };
}
