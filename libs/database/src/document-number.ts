import { EntityManager } from 'typeorm';
import { DocumentNumberRepository } from './document-number.repository';

/**
 * The kinds of numbered documents and their prefixes. An order keeps one number through all its
 * statuses (an offer that is ordered is the same document), so offers and orders share the kind `order`.
 */
export const DOCUMENT_KINDS = {
  'purchase-request': 'PR',
  order: 'OR',
  survey: 'SV',
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

/** `PR-2026-0007`: the prefix, the year, and the counter with at least four digits. */
export function formatDocumentNumber(kind: DocumentKind, year: number, counter: number): string {
  return `${DOCUMENT_KINDS[kind]}-${year}-${String(counter).padStart(4, '0')}`;
}

/**
 * The next number of `kind` in the transaction's organization (row-level security fills in
 * `organization_id`), counting from 1 each year. One statement takes it: the counter row is created
 * or incremented and read under its row lock, so two documents created at once wait for each other
 * and never share a number; a rolled-back creation gives its number back with it.
 */
export async function nextDocumentNumber(manager: EntityManager, kind: DocumentKind, at = new Date()): Promise<string> {
  const year = at.getUTCFullYear();
  const { last } = await new DocumentNumberRepository(manager).take(kind, year);
  return formatDocumentNumber(kind, year, last);
}
