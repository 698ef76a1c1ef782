/**
 * Admin use cases: authentication and sessions (admin-auth.ts), the orders workflow
 * (admin-orders.ts), review moderation and the contact inbox (admin-moderation.ts).
 */
import type { ServiceDeps } from "../deps";
import { createAdminOrders } from "../orders/admin-orders";
import { createAdminModeration } from "../requests/admin-moderation";
import { createAdminAuth } from "./admin-auth";

export function createAdminService(deps: ServiceDeps) {
  return {
    ...createAdminAuth(deps),
    ...createAdminOrders(deps),
    ...createAdminModeration(deps),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
