/** The value cached under `key`, computed on first use. */
export function memo<K, V>(cache: Map<K, V>, key: K, compute: () => V): V {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const value = compute();
  cache.set(key, value);
  return value;
}
