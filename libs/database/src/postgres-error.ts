import { QueryFailedError } from 'typeorm';

/** What PostgreSQL said when it refused a statement: its SQLSTATE code, the constraint, the message. */
export interface PostgresRefusal {
  code?: string;
  constraint?: string;
  message: string;
}

/** The refusal inside a failed TypeORM query, or undefined for any other error. */
export function postgresRefusal(error: unknown): PostgresRefusal | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string; message?: string } | undefined;
  return { code: driverError?.code, constraint: driverError?.constraint, message: driverError?.message ?? error.message };
}
