/** Review use cases. Owned by the issue that builds this capability; filled in there. */
import type { ServiceDeps } from "../context";

export function createReviewService(_deps: ServiceDeps) {
  return {};
}

export type ReviewService = ReturnType<typeof createReviewService>;
