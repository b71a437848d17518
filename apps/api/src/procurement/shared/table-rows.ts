/**
 * A table read as rows, not entities: named plainly, TypeORM would find the entity of the table and
 * `readPage` would read entities, losing the joined columns. PostgreSQL flattens the subquery, so the
 * plan is the table's own.
 */
export const rowsOf = (table: string) => `(SELECT * FROM ${table})`;
