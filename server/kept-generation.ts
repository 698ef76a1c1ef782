/**
 * When an answer computed from the database and kept in memory is still good (decisions 260,
 * 263): nothing this process wrote may have changed it (the write counter of
 * server/db/write-watch.ts), the store's day is the same, and it is younger than `maxAgeMs`,
 * the bound on what another process's writes can leave unseen here.
 */
import { storeToday } from "../domain/visit-time";
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
