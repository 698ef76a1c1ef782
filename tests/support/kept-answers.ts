/** Stand-ins for the tests of answers kept until a write (server/runtime/*-cache.test.ts). */
import { createCaches } from "../../server/runtime/caches";
import type { WriteCounter } from "../../server/runtime/write-watch";
import type { Caches } from "../../server/services/caching";

/** A write counter the test moves by hand. */
export function counter() {
  let version = 0;
  const writes: WriteCounter = { version: () => version };
  return { writes, write: () => version++ };
}

/** A promise the test settles by hand: a computation still running. */
export function deferred<V>() {
  let resolve!: (value: V) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<V>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The store's caches over a write counter and a clock the test moves by hand. */
export function cachesOver(writes: WriteCounter, clock: () => number): Caches {
  return createCaches({ enabled: true, writes, clock });
}
