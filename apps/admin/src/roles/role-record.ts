/** A role as /roles answers (docs/api-identity.md). */
export interface RoleRecord {
  id: string;
  name: string;
  permissionIds: string[];
  userCount: number;
}

/** What POST and PUT /roles take. */
export function roleChanges(record: Partial<RoleRecord>): Pick<RoleRecord, 'name' | 'permissionIds'> {
  return { name: (record.name ?? '').trim(), permissionIds: record.permissionIds ?? [] };
}
