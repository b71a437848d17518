import type { User } from '../api/contracts';

/** A user as GET /users answers: the API's contract. */
export type UserRecord = User;

/** What PUT /users/:id takes; the rest of the record is not the manager's to change. */
export function userChanges(record: Partial<UserRecord>): Partial<UserRecord> {
  const { name, fullName, phone, roleIds, active } = record;
  return { name, fullName, phone, roleIds, active };
}
