/**
 * The back office's dashboard figures from memory (decision 260). Computing them reads every
 * order and payment of twelve weeks (bench:admin: 100,000 orders); they change only when
 * something is written, which is rarer than staff opening /admin. The answer is kept while:
 * - this process has written nothing that may change a figure since it was computed
 *   (database.writes, server/db/write-watch.ts: a counter moved by writes, commits and
 *   rollbacks; a computation that overlapped a write is not kept),
 * - the store's day is the same (the weeks and today's visits follow the date), and
 * - it is younger than MAX_AGE_MS: the bound on what another process's writes (WORKERS > 1,
 *   a second store on the same database) can leave unseen here.
 * Concurrent misses of one version wait for one computation. Calls with an explicit `now`
 * (tests, reports of another moment) are never cached.
 */
import type { WriteCounter } from "./db/write-watch";
import { type Generation, generationAt, stillHolds } from "./kept-generation";
import type { Dashboard, DashboardService } from "./services/orders/dashboard";

export const DASHBOARD_MAX_AGE_MS = 3_000;

export function cachedDashboard(
  service: DashboardService,
  writes: WriteCounter,
  clock: () => number = Date.now,
): DashboardService {
  let kept: (Generation & { value: Promise<Dashboard> }) | undefined;
  return {
    ...service,
    dashboard(now?: Date): Promise<Dashboard> {
      if (now !== undefined) return service.dashboard(now);
      const at = clock();
      const current = generationAt(writes, at);
      const { version } = current;
      if (kept && stillHolds(kept, current, DASHBOARD_MAX_AGE_MS)) return kept.value;
      const value = service.dashboard(new Date(at));
      const entry = { ...current, value };
      kept = entry;
      value.then(
        () => {
          // Written while it was computed: the figures may be from before or after the write.
          if (kept === entry && writes.version() !== version) kept = undefined;
        },
        () => {
          if (kept === entry) kept = undefined;
        },
      );
      return value;
    },
  };
}
