/** Admin use cases. Owned by the admin issue; filled in there. */
import type { ServiceDeps } from "../context";

export function createAdminService(_deps: ServiceDeps) {
  return {
    /** Sets ADMIN_PASSWORD or prints a one-time password on first start (admin issue). */
    async ensurePassword(): Promise<void> {},
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
