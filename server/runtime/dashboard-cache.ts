/**
 * The back office's dashboard figures from memory (decision 260, docs/caching.md). Computing
 * them reads every order and payment of twelve weeks (bench:admin: 100,000 orders); they change
 * only when something is written, which is rarer than staff opening /admin. One answer, kept as
 * the store's figures are (Caches.figures: until this process writes what may change one, the
 * store's day changes, or FIGURES_MAX_AGE_MS). Calls with an explicit `now` (tests, reports of
 * another moment) are never cached.
 */

import type { Caches } from "../services/caching";
import type { Dashboard, DashboardService } from "../services/orders/dashboard";

export function cachedDashboard(service: DashboardService, caches: Caches): DashboardService {
  const kept = caches.figures<Dashboard>("dashboard", 1);
  return {
    ...service,
    dashboard(now?: Date): Promise<Dashboard> {
      if (now !== undefined) return service.dashboard(now);
      return kept.get("today", (at) => service.dashboard(at));
    },
  };
}
