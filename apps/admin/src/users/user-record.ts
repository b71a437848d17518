/** A user as GET /users answers (docs/api-identity.md). */
export interface UserRecord {
  id: string;
  name: string;
  fullName: string | null;
  email: string;
  phone: string | null;
  languageCode: string;
  active: boolean;
  twoFactorEnabled: boolean;
  roleIds: string[];
  invitedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What PUT /users/:id takes; the rest of the record is not the manager's to change. */
export function userChanges(record: Partial<UserRecord>): Partial<UserRecord> {
  const { name, fullName, phone, roleIds, active } = record;
  return { name, fullName, phone, roleIds, active };
}
