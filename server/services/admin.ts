/**
 * Admin use cases: authentication and sessions (admin-auth.ts), the orders workflow
 * (admin-orders.ts), review moderation and the contact inbox (admin-moderation.ts).
 */
import type { ServiceDeps } from "../context";
import { createAdminAuth } from "./admin-auth";
import { createAdminModeration } from "./admin-moderation";
import { createAdminOrders } from "./admin-orders";

export function createAdminService(deps: ServiceDeps) {
  return {
    ...createAdminAuth(deps),
    ...createAdminOrders(deps),
    ...createAdminModeration(deps),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
