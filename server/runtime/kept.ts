/**
 * The one cache primitive (docs/caching.md): answers kept per explicit key, each under the
 * version of the data it was computed from, within a number of keys, an age and optionally a
 * number of bytes. Every cache of the store is one of these: the catalog, the anonymous pages,
 * the dashboard's figures, the books' reports and CSVs, the booking windows.
 *
 * - An answer is served while its key is kept, it is younger than `maxAgeMs`, and the version
 *   (`version()` and this cache's own generation, moved by `invalidate()`) is the one it was
 *   computed under. Anything else computes it again.
 * - Concurrent misses of one key share one computation. A refusal (a rejected promise) is
 *   never kept, nor an answer `keepIf` turns down, nor one whose computation overlapped a
 *   change of the version: it may be from before or after that change.
 * - Past `maxKeys` (or `maxBytes`) the least recently used keys go first, so keys typed by
 *   hand (a ZIP code, a report's period) cannot grow it. A value of more than a quarter of
 *   `maxBytes` is never kept.
 * - Turned off (CACHES=off), `get` computes every time and keeps nothing.
 * Its interface is server/services/caching.ts, which services are given.
 */
import type { Kept, KeptOptions } from "../services/caching";

interface Slot<V> {
  value: Promise<V>;
  generation: number;
  version: string | number | undefined;
  at: number;
  settled: boolean;
  result?: V;
  bytes: number;
}

export function createKept<V>(options: KeptOptions<V>, enabled = true): Kept<V> {
  const clock = options.clock ?? Date.now;
  if (!enabled) return passThrough(options.name, clock);
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const slots = new Map<string, Slot<V>>();
  let generation = 0;
  let heldBytes = 0;
  let hits = 0;
  let misses = 0;

  const version = options.version;
  // The catalog is read several times a request: no clock when neither age nor version needs it.
  const timed = version !== undefined || Number.isFinite(options.maxAgeMs);
  const now = () => (timed ? clock() : 0);
  const holds = (slot: Slot<V>, at: number) =>
    slot.generation === generation && slot.version === version?.(at);

  function remove(key: string, slot: Slot<V>): void {
    if (slots.get(key) !== slot) return;
    slots.delete(key);
    heldBytes -= slot.bytes;
  }

  /** The slot of `key` if it may be served at `now` (moved to the most recently used end). */
  function servable(key: string, at: number): Slot<V> | undefined {
    const slot = slots.get(key);
    if (!slot) return undefined;
    if (!holds(slot, at) || at - slot.at >= options.maxAgeMs) {
      remove(key, slot);
      return undefined;
    }
    if (slots.size > 1) {
      slots.delete(key);
      slots.set(key, slot);
    }
    return slot;
  }

  function evict(): void {
    for (const [key, slot] of slots) {
      if (slots.size <= options.maxKeys && heldBytes <= maxBytes) return;
      remove(key, slot);
    }
  }

  function settle(key: string, slot: Slot<V>, value: V): void {
    if (slots.get(key) !== slot) return;
    if (!holds(slot, now()) || !(options.keepIf?.(value) ?? true)) {
      remove(key, slot);
      return;
    }
    const bytes = options.sizeOf?.(value) ?? 0;
    if (bytes > maxBytes / 4) {
      remove(key, slot);
      return;
    }
    slot.settled = true;
    slot.result = value;
    slot.bytes = bytes;
    heldBytes += bytes;
    evict();
  }

  return {
    get(key, compute) {
      const at = now();
      const kept = servable(key, at);
      if (kept) {
        hits++;
        return kept.value;
      }
      misses++;
      // The version before the computation starts: a change during it must show as a change.
      const computedUnder = version?.(at);
      const computedIn = generation;
      const value = compute(new Date(timed ? at : clock()));
      const slot: Slot<V> = {
        value,
        generation: computedIn,
        version: computedUnder,
        at,
        settled: false,
        bytes: 0,
      };
      slots.set(key, slot);
      evict();
      value.then(
        (result) => settle(key, slot, result),
        () => remove(key, slot),
      );
      return value;
    },
    peek(key) {
      const slot = servable(key, now());
      if (!slot?.settled) return undefined;
      hits++;
      return slot.result;
    },
    invalidate() {
      generation++;
      slots.clear();
      heldBytes = 0;
    },
    generation: () => generation,
    stats: () => ({ name: options.name, keys: slots.size, bytes: heldBytes, hits, misses }),
  };
}

/** CACHES=off: the same interface, computing every time. */
function passThrough<V>(name: string, clock: () => number): Kept<V> {
  let generation = 0;
  let misses = 0;
  return {
    get(_key, compute) {
      misses++;
      return compute(new Date(clock()));
    },
    peek: () => undefined,
    invalidate() {
      generation++;
    },
    generation: () => generation,
    stats: () => ({ name, keys: 0, bytes: 0, hits: 0, misses }),
  };
}
