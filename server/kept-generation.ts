/**
 * When an answer computed from the database and kept in memory is still good (decisions 260,
 * 263): nothing this process wrote may have changed it (the write counter of
 * server/db/write-watch.ts), the store's day is the same, and it is younger than `maxAgeMs`,
 * the bound on what another process's writes can leave unseen here.
 */
import { storeToday } from "../domain/scheduling/visit-time";
import type { WriteCounter } from "./db/write-watch";

export interface Generation {
  version: number;
  day: string;
  at: number;
}

/** The generation of the moment `at`. */
export function generationAt(writes: WriteCounter, at: number): Generation {
  return { version: writes.version(), day: storeToday(new Date(at)), at };
}

/** True while what was kept in `kept` still holds at `now`. */
export function stillHolds(kept: Generation | undefined, now: Generation, maxAgeMs: number) {
  return (
    kept !== undefined &&
    kept.version === now.version &&
    kept.day === now.day &&
    now.at - kept.at < maxAgeMs
  );
}

/**
 * Answers kept per key (a ZIP code, a report's period) while one generation holds (decisions
 * 263, 310): `compute` runs for a key not kept yet, with the generation's moment. A refusal is
 * never kept, nor an answer whose computation overlapped a write (PostgreSQL's pool runs reads
 * beside an open transaction: it may be from before or after the write). Concurrent misses of
 * one key wait for one computation. At most `maxKeys` are kept (the map starts again past it):
 * a period or a ZIP code typed by hand cannot grow it.
 */
export function keptPerKey<V>(
  writes: WriteCounter,
  maxAgeMs: number,
  clock: () => number,
  maxKeys = 64,
) {
  let generation: Generation | undefined;
  const kept = new Map<string, Promise<V>>();
  return (key: string, compute: (at: Date) => Promise<V>): Promise<V> => {
    const current = generationAt(writes, clock());
    if (!stillHolds(generation, current, maxAgeMs)) {
      generation = current;
      kept.clear();
    } else if (kept.size >= maxKeys && !kept.has(key)) {
      // Full: a key kept already is still answered; a new one starts the map again.
      kept.clear();
    }
    const hit = kept.get(key);
    if (hit) return hit;
    const value = compute(new Date(current.at));
    kept.set(key, value);
    const drop = () => {
      if (kept.get(key) === value) kept.delete(key);
    };
    value.then(() => {
      if (writes.version() !== current.version) drop();
    }, drop);
    return value;
  };
}
