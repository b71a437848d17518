import type { Role } from '../api/contracts';

/** A role as /roles answers: the API's contract. */
export type RoleRecord = Role;

/** What POST and PUT /roles take. */
export function roleChanges(record: Partial<RoleRecord>): Pick<RoleRecord, 'name' | 'permissionIds'> {
  return { name: (record.name ?? '').trim(), permissionIds: record.permissionIds ?? [] };
}
