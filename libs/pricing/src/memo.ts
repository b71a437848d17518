/** The value cached under `key`, computed on first use. */
export function memo<K, V>(cache: Map<K, V>, key: K, compute: () => V): V {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const value = compute();
  cache.set(key, value);
  return value;
}

/** How many keys a `SmallMemo` scans before it switches to a Map. */
const SCAN_LIMIT = 16;

/**
 * A memo for the few quantities of one request (its tiers, and their multiples down the tree):
 * comparing a dozen short strings is cheaper than hashing each fresh quantity text into a Map,
 * which most lookups here would only miss and then grow.
 */
export class SmallMemo<V> {
  private readonly keys: string[] = [];
  private readonly values: V[] = [];
  private map: Map<string, V> | null = null;

  get(key: string, compute: () => V): V {
    const known = this.find(key);
    return known !== undefined ? known : this.add(key, compute());
  }

  /** The value under `key`, or undefined: with `add`, a lookup without a closure on the hot path. */
  find(key: string): V | undefined {
    if (this.map !== null) return this.map.get(key);
    const { keys } = this;
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return this.values[i];
    return undefined;
  }

  add(key: string, value: V): V {
    if (this.map !== null) {
      this.map.set(key, value);
      return value;
    }
    const { keys } = this;
    if (keys.length < SCAN_LIMIT) {
      keys.push(key);
      this.values.push(value);
    } else {
      this.map = new Map(keys.map((known, i) => [known, this.values[i]]));
      this.map.set(key, value);
    }
    return value;
  }
}
