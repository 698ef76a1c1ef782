/**
 * What services and the app are given to keep answers (ServiceDeps.caches): every cache is a
 * Kept (server/runtime/kept.ts), and CACHES=off turns them all into plain computations. The
 * contract of each one is docs/caching.md.
 */
import { storeToday } from "../../domain/scheduling/visit-time";
import type { Caches, Kept } from "../services/caching";
import { createKept } from "./kept";
import type { WriteCounter } from "./write-watch";

/**
 * How long an answer computed from the database's figures is served without looking again:
 * the bound on what another process's writes (WORKERS > 1, another machine) leave unseen here.
 * The product rules ("More than one process") wants a change seen by every process within one
 * second.
 */
export const FIGURES_MAX_AGE_MS = 1_000;

export function createCaches(input: {
  enabled: boolean;
  writes: WriteCounter;
  clock?: () => number;
}): Caches {
  const { enabled, writes } = input;
  const clock = input.clock ?? Date.now;
  const all: Kept<unknown>[] = [];
  const register = <V>(kept: Kept<V>): Kept<V> => {
    all.push(kept as Kept<unknown>);
    return kept;
  };
  return {
    enabled,
    keep: (options) => register(createKept({ ...options, clock }, enabled)),
    figures: (name, maxKeys) =>
      register(
        createKept(
          {
            name,
            maxKeys,
            maxAgeMs: FIGURES_MAX_AGE_MS,
            version: (now) => `${writes.version()}@${storeToday(new Date(now))}`,
            clock,
          },
          enabled,
        ),
      ),
    stats: () => all.map((kept) => kept.stats()),
  };
}
