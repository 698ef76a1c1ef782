/**
 * The back office's signed-in sessions, as owners see and end them: every account's live
 * sessions (not expired, not idle), and ending one (its person is signed out at once), audited.
 */
import { deleteAdminSession, listAdminSessions } from "../../db/repositories/people/admin-auth";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Actor } from "./actor";
import { SESSION_IDLE_MS, type StaffSession, sessionPublicId } from "./admin-auth";
import { recordAudit } from "./audit";

export interface SessionView {
  /** Opaque: derived from the token's hash, opens nothing. */
  id: string;
  staffId: number | null;
  name: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  /** The session that asked. */
  current: boolean;
}

export function createStaffSessions(deps: Pick<ServiceDeps, "db">) {
  const { db } = deps;
  return {
    async listSessions(current: Pick<StaffSession, "id">): Promise<SessionView[]> {
      const t = Date.now();
      return (await listAdminSessions(db))
        .filter(
          (s) => Date.parse(s.expires_at) > t && t - Date.parse(s.last_seen_at) < SESSION_IDLE_MS,
        )
        .map((s) => {
          const id = sessionPublicId(s.token_hash);
          return {
            id,
            staffId: s.staff_id,
            name: s.name ?? "",
            createdAt: s.created_at,
            lastSeenAt: s.last_seen_at,
            expiresAt: s.expires_at,
            userAgent: s.user_agent,
            current: id === current.id,
          };
        });
    },

    async revokeSession(id: string, actor: Actor): Promise<void> {
      const target = (await listAdminSessions(db)).find(
        (s) => sessionPublicId(s.token_hash) === id,
      );
      if (!target) throw new AppError("not_found", "Session not found (it may have ended).");
      await db.transaction().execute(async (trx) => {
        await deleteAdminSession(trx, target.token_hash);
        await recordAudit(trx, actor, "session", `Ended a session of ${target.name ?? "nobody"}`, {
          before: { staffId: target.staff_id, createdAt: target.created_at },
        });
      });
    },
  };
}
