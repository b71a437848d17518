type Messages = { [key: string]: string | Messages };

/**
 * Lays message trees over each other, later ones winning key by key. German is
 * laid over English so a key German lacks still reads in English (docs/product.md §1: English is the fallback).
 */
export function mergeMessages<T extends object>(...layers: object[]): T {
  const result: Messages = {};
  for (const layer of layers as Messages[]) {
    for (const [key, value] of Object.entries(layer)) {
      const existing = result[key];
      result[key] =
        typeof value === 'object' && value !== null && typeof existing === 'object' ? mergeMessages<Messages>(existing, value) : value;
    }
  }
  return result as T;
}
