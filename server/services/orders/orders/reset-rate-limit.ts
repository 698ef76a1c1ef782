import type { ServiceDeps } from "../../deps";

/** For tests and admin tooling: forget rate-limit counts. */
export function resetOrderRateLimit(deps: ServiceDeps): Promise<void> {
  const limiter = deps.limits.orders;

  return limiter.reset();
}
