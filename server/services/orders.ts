/** Order use cases. Owned by the issue that builds this capability; filled in there. */
import type { ServiceDeps } from "../context";

export function createOrderService(_deps: ServiceDeps) {
  return {};
}

export type OrderService = ReturnType<typeof createOrderService>;
