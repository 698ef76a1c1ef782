/**
 * A record with one entry per key of a known list. `Object.fromEntries` answers
 * `{ [k: string]: V }`, which TypeScript can't know covers every key: the one assertion that
 * the list of keys makes true lives here, instead of at each caller.
 */
export function recordOf<K extends string, V>(
  keys: readonly K[],
  value: (key: K) => V,
): Record<K, V> {
  return Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;
}
