/**
 * How services keep answers between requests: the interface they are given
 * (ServiceDeps.caches). server/runtime/ implements it (one primitive, server/runtime/kept.ts);
 * the contract of every cache is docs/caching.md.
 */

export interface KeptOptions<V> {
  /** Named in stats and docs/caching.md. */
  name: string;
  maxKeys: number;
  /** How old a kept answer may be served (Infinity: until the version moves). */
  maxAgeMs: number;
  /** Upper bound on the bytes held, with `sizeOf` giving a value's. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** The version of what the answers are computed from, at the moment `now`; cheap. */
  version?: (now: number) => string | number;
  /** False for an answer that must not be kept (it is still returned to its callers). */
  keepIf?: (value: V) => boolean;
  clock?: () => number;
}

export interface KeptStats {
  name: string;
  keys: number;
  bytes: number;
  hits: number;
  misses: number;
}

export interface Kept<V> {
  /** The kept answer of `key`, or `compute`'s (given the moment it is computed for). */
  get(key: string, compute: (at: Date) => Promise<V>): Promise<V>;
  /** The kept answer of `key` if it is served now, without computing. */
  peek(key: string): V | undefined;
  /** Forget every answer now; a computation under way is not kept either. */
  invalidate(): void;
  /** Moves with every invalidate(): what was made from an older generation is stale. */
  generation(): number;
  stats(): KeptStats;
}

export interface Caches {
  readonly enabled: boolean;
  /** A cache of its own options (the catalog, the pages). */
  keep<V>(options: Omit<KeptOptions<V>, "clock">): Kept<V>;
  /**
   * Answers computed from the store's figures (orders, payments, visits…): kept until this
   * process writes anything that may change one, the store's day changes, or for
   * FIGURES_MAX_AGE_MS (server/runtime/caches.ts).
   */
  figures<V>(name: string, maxKeys: number): Kept<V>;
  stats(): KeptStats[];
}
