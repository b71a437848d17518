/** Uploads (docs/product.md §5, §9; DESIGN §3): 10 MB at most per file, and only the accepted types. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export type FileProblem = 'type_not_accepted' | 'too_large';

/**
 * Whether a file matches an accept list as an `<input accept>` reads it: exact
 * MIME types, `type/*` families, or `.ext` endings. An empty list accepts all.
 */
export function isAccepted(file: FileLike, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** The first reason a file can not be uploaded, or null. The server checks the content again. */
export function fileProblem(file: FileLike, accept: readonly string[], maxBytes: number = MAX_FILE_BYTES): FileProblem | null {
  if (!isAccepted(file, accept)) return 'type_not_accepted';
  if (file.size > maxBytes) return 'too_large';
  return null;
}
