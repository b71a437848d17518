/** Deleting asks the person to type this word (docs/product.md §5). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** Exactly the word, surrounding blanks forgiven: a near miss must not delete. */
export function isDeleteConfirmed(typed: string): boolean {
  return typed.trim() === DELETE_CONFIRMATION_WORD;
}
