/**
 * Staff members as issue 11 needs them: names, emails and roles to assign visits to, and their
 * private calendar feeds. Issue 12 adds passwords, sign-in and two-factor to the same table.
 */
import {
  STAFF_ROLE_LABELS,
  type StaffCreate,
  type StaffRole,
} from "../../domain/back-office-schema";
import type { ServiceDeps } from "../context";
import { now } from "../db/database";
import { findStaffByEmail, insertStaff, listStaff } from "../db/repositories/staff";
import type { StaffRow } from "../db/types";
import { AppError } from "../errors";

export interface StaffView {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  roleLabel: string;
  active: boolean;
  hasCalendarFeed: boolean;
}

function toView(row: StaffRow): StaffView {
  const role = row.role as StaffRole;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role,
    roleLabel: STAFF_ROLE_LABELS[role] ?? row.role,
    active: row.active === 1,
    hasCalendarFeed: row.calendar_token_hash !== null,
  };
}

export function createStaffService(deps: ServiceDeps) {
  const { db, logger } = deps;
  return {
    async listStaff(): Promise<StaffView[]> {
      return (await listStaff(db)).map(toView);
    },

    async addStaff(input: StaffCreate): Promise<{ id: number }> {
      const taken = () => new AppError("conflict", `A staff member already uses ${input.email}.`);
      if (await findStaffByEmail(db, input.email)) throw taken();
      let id: number;
      try {
        id = await insertStaff(db, { ...input, at: now() });
      } catch (error) {
        // Two adds of one email at once: the unique index decides.
        const code = (error as { code?: string }).code ?? "";
        if (code === "23505" || code.startsWith("SQLITE_CONSTRAINT")) throw taken();
        throw error;
      }
      logger.info("staff member added", { staffId: id, role: input.role });
      return { id };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
