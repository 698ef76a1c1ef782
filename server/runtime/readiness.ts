/**
 * Whether this process should be sent new requests (GET /readyz): the database answers, every
 * migration this release knows has run, and no SIGTERM has started the drain. Liveness (/livez)
 * asks none of this.
 */
import type { DatabaseHandle } from "../db/database";
import { pendingMigrations } from "../db/migrate";

export type Readiness =
  | { ready: true }
  | { ready: false; reason: "draining" | "database" | "migrations"; pending?: string[] };

export function createReadiness(database: DatabaseHandle) {
  let draining = false;
  /** Once every migration has been seen run, it stays run (migrations are never undone live). */
  let migrated = false;
  return {
    /** From the first SIGTERM until the process exits, /readyz answers 503. */
    startDrain(): void {
      draining = true;
    },
    get draining(): boolean {
      return draining;
    },
    async check(): Promise<Readiness> {
      if (draining) return { ready: false, reason: "draining" };
      try {
        await database.ping();
      } catch {
        return { ready: false, reason: "database" };
      }
      if (!migrated) {
        let pending: string[];
        try {
          pending = await pendingMigrations(database.db);
        } catch {
          return { ready: false, reason: "database" };
        }
        if (pending.length > 0) return { ready: false, reason: "migrations", pending };
        migrated = true;
      }
      return { ready: true };
    },
  };
}

export type ReadinessCheck = ReturnType<typeof createReadiness>;
