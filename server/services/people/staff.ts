/**
 * Staff accounts: owners add people with a
 * temporary password, rename them, change their role and disable them (their sessions end at
 * once); each person changes his own password (his other sessions end); owners see and end
 * every account's sessions. Every change is appended to the audit log in its own transaction.
 * The same rows are who visits are assigned to and whose calendar feeds exist.
 */
import { randomBytes } from "node:crypto";
import { STAFF_ROLE_LABELS, type StaffRole } from "../../../domain/people/permissions";
import type { StaffCreate, StaffUpdate } from "../../../domain/people/staff-schema";
import { centsToAmount, formatMoney } from "../../../domain/shared/money";
import { isUniqueViolation, now } from "../../db/database";
import {
  deleteAdminSession,
  deleteSessionsOfStaff,
  listSessionHashesOfStaff,
} from "../../db/repositories/people/admin-auth";
import {
  countActiveOwners,
  findStaffByEmail,
  findStaffById,
  insertStaff,
  listStaff,
  setCalendarTokenHash,
  updateStaff,
} from "../../db/repositories/people/staff";
import type { StaffRow } from "../../db/types";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { hashFeedToken } from "../scheduling/visits";
import type { Actor } from "./actor";
import { recordLoginLockout, type StaffSession, sessionPublicId } from "./admin-auth";
import { HashingBusyError, hashPassword, verifyPassword } from "./admin-password";
import { recordAudit } from "./audit";
import { createStaffSessions } from "./staff-sessions";

export type { SessionView } from "./staff-sessions";

export interface StaffView {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  roleLabel: string;
  active: boolean;
  /** Has a password (staff added before decision 160 have none until an owner gives one). */
  canSignIn: boolean;
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  hasCalendarFeed: boolean;
  /** What an hour costs the store (dollars) and the commission on quotes he built (percent). */
  hourlyCost: number;
  commissionPercent: number;
}

function toView(row: StaffRow): StaffView {
  const role = row.role;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role,
    roleLabel: STAFF_ROLE_LABELS[role] ?? row.role,
    active: row.active === 1,
    canSignIn: row.password_hash !== null,
    mustChangePassword: row.must_change_password === 1,
    twoFactorEnabled: row.totp_enabled === 1,
    hasCalendarFeed: row.calendar_token_hash !== null,
    hourlyCost: centsToAmount(Number(row.hourly_cost_cents)),
    commissionPercent: Number(row.commission_basis_points) / 100,
  };
}

const LIMIT_WORDS = {
  address: "from this address",
  account: "for this account",
  device: "from this browser",
} as const;

const LAST_OWNER = "The store needs at least one active owner. Make someone else an owner first.";

export function createStaffService(deps: ServiceDeps) {
  const { db, dialect, logger, config } = deps;
  const loginAttempts = deps.limits.logins;

  async function mustFind(id: number): Promise<StaffRow> {
    const row = await findStaffById(db, id);
    if (!row) throw new AppError("not_found", "Staff member not found.");
    return row;
  }

  return {
    ...createStaffSessions(deps),

    async listStaff(): Promise<StaffView[]> {
      return (await listStaff(db)).map(toView);
    },

    /**
     * Adds a person with a temporary password (changed at first login). A row of the same email
     * from before staff had passwords (none set) gets the password and the new name and role
     * instead.
     */
    async addStaff(input: StaffCreate, actor: Actor): Promise<{ id: number }> {
      const taken = () => {
        const message = `A staff member already uses ${input.email}.`;
        return new AppError("conflict", message, { fields: { email: message } });
      };
      const existing = await findStaffByEmail(db, input.email);
      if (existing?.password_hash) throw taken();
      const passwordHash = await hashPassword(input.password);
      const at = now();
      const after = { name: input.name, role: input.role, active: true };
      try {
        const id = await db.transaction().execute(async (trx) => {
          let id: number;
          if (existing) {
            id = existing.id;
            await updateStaff(
              trx,
              id,
              {
                name: input.name,
                role: input.role,
                active: 1,
                password_hash: passwordHash,
                must_change_password: 1,
              },
              at,
            );
          } else {
            id = await insertStaff(trx, {
              ...input,
              at,
              passwordHash,
              mustChangePassword: true,
            });
          }
          await recordAudit(
            trx,
            actor,
            "staff",
            `Added ${input.name} (${STAFF_ROLE_LABELS[input.role]}) with a temporary password`,
            {
              before: existing
                ? { name: existing.name, role: existing.role, canSignIn: false }
                : undefined,
              after: { id, ...after, canSignIn: true },
            },
          );
          return id;
        });
        logger.info("staff member added", { staffId: id, role: input.role });
        return { id };
      } catch (error) {
        // Two adds of one email at once: the unique index decides.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    /**
     * Name, role, active. A new role or a disabled account ends that person's sessions. An
     * account with a calendar feed gets a new secret when disabled (the old URL dies) and a new
     * URL when enabled again, answered once as `calendarFeedUrl`.
     */
    async updateStaff(
      id: number,
      input: StaffUpdate,
      actor: Actor,
    ): Promise<StaffView & { calendarFeedUrl?: string }> {
      const feedUrl = await db.transaction().execute(async (trx) => {
        const row = await findStaffById(trx, id);
        if (!row) throw new AppError("not_found", "Staff member not found.");
        const before = {
          name: row.name,
          role: row.role,
          active: row.active === 1,
          hourlyCostCents: Number(row.hourly_cost_cents),
          commissionBasisPoints: Number(row.commission_basis_points),
        };
        const after = {
          name: input.name ?? before.name,
          role: input.role ?? before.role,
          active: input.active ?? before.active,
          hourlyCostCents: input.hourlyCost ?? before.hourlyCostCents,
          commissionBasisPoints: input.commissionPercent ?? before.commissionBasisPoints,
        };
        const wasOwner = before.role === "owner" && before.active && row.password_hash !== null;
        const losesOwner = wasOwner && (after.role !== "owner" || !after.active);
        if (losesOwner && (await countActiveOwners(trx, dialect === "postgres")) <= 1) {
          // The role form shows it at its field; disabling has no field (it stays the sentence).
          throw new AppError(
            "conflict",
            LAST_OWNER,
            input.role !== undefined ? { fields: { role: LAST_OWNER } } : {},
          );
        }
        await updateStaff(
          trx,
          id,
          {
            name: after.name,
            role: after.role,
            active: after.active ? 1 : 0,
            hourly_cost_cents: after.hourlyCostCents,
            commission_basis_points: after.commissionBasisPoints,
          },
          now(),
        );
        if (after.role !== before.role || after.active !== before.active) {
          await deleteSessionsOfStaff(trx, id);
        }
        let url: string | undefined;
        if (after.active !== before.active && row.calendar_token_hash !== null) {
          const token = randomBytes(32).toString("base64url");
          await setCalendarTokenHash(trx, id, hashFeedToken(token));
          if (after.active) url = `${config.publicUrl}/api/calendar/${token}.ics`;
        }
        const what = [
          after.name !== before.name ? `renamed ${before.name} → ${after.name}` : null,
          after.role !== before.role ? `role ${before.role} → ${after.role}` : null,
          after.active !== before.active ? (after.active ? "enabled" : "disabled") : null,
          after.hourlyCostCents !== before.hourlyCostCents
            ? `hourly cost ${formatMoney(before.hourlyCostCents)} → ${formatMoney(after.hourlyCostCents)}`
            : null,
          after.commissionBasisPoints !== before.commissionBasisPoints
            ? `commission ${before.commissionBasisPoints / 100} % → ${after.commissionBasisPoints / 100} %`
            : null,
        ].filter(Boolean);
        await recordAudit(
          trx,
          actor,
          "staff",
          `Changed ${after.name}: ${what.join(", ") || "no change"}${url ? "; new calendar link issued" : ""}`,
          { before, after },
        );
        return url;
      });
      const view = toView(await mustFind(id));
      return feedUrl ? { ...view, calendarFeedUrl: feedUrl } : view;
    },

    /**
     * The signed-in person's own password: the current one must be right. Every other session
     * of the account ends; this one stays, and a temporary password stops being temporary.
     */
    async changeOwnPassword(
      session: StaffSession,
      input: { currentPassword: string; newPassword: string },
      address: string,
      deviceTokens: readonly string[] = [],
    ): Promise<void> {
      const row = await mustFind(session.staffId);
      // A wrong current password is a failed login: counted as it arrives, like
      // the login form's, so a session left open can't be used to guess it.
      const device = await loginAttempts.devices.knownDevice(deviceTokens, row.id);
      const attempt = { address, email: row.email, device };
      const refusal = await loginAttempts.take(attempt);
      if (refusal) {
        if (refusal.lockoutStarted) await recordLoginLockout(db, row.email, row.id, refusal.scope);
        throw new AppError(
          "rate_limited",
          `Too many failed logins ${LIMIT_WORDS[refusal.scope]}. Wait and try again later.`,
          { headers: { "Retry-After": String(refusal.wait) } },
        );
      }
      let currentOk: boolean;
      try {
        // A signed-in person: the lane a flood of guesses from elsewhere does not hold up.
        currentOk = await verifyPassword(input.currentPassword, row.password_hash, "known");
      } catch (error) {
        if (!(error instanceof HashingBusyError)) throw error;
        await loginAttempts.notAFailure(attempt);
        throw new AppError("unavailable", "Too many logins at once. Try again in a few seconds.", {
          headers: { "Retry-After": String(error.retryAfterSeconds) },
        });
      }
      if (!currentOk) {
        logger.warn("current password wrong at password change", { staffId: row.id });
        await recordAudit(
          db,
          { label: row.name, staffId: row.id },
          "login_failed",
          "Failed login: wrong current password at password change",
        );
        throw new AppError("validation_failed", "The current password is not right.");
      }
      await loginAttempts.succeeded(attempt);
      const hash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await updateStaff(trx, row.id, { password_hash: hash, must_change_password: 0 }, now());
        for (const tokenHash of await listSessionHashesOfStaff(trx, row.id)) {
          if (sessionPublicId(tokenHash) !== session.id) await deleteAdminSession(trx, tokenHash);
        }
        await recordAudit(
          trx,
          { label: row.name, staffId: row.id },
          "password",
          row.must_change_password === 1
            ? "Replaced the temporary password"
            : "Changed the password",
        );
      });
    },

    /** Every account's live sessions (owners), most recently seen first. */
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
