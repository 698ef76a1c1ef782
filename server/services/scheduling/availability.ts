/**
 * Installers' weekly hours and days off:
 * PUT /api/admin/staff/:id/availability and the hours form of /admin/staff.
 */

import { recordOf } from "../../../domain/platform/records";
import type { AvailabilityInput } from "../../../domain/scheduling/booking-schema";
import type { TimeOff, WeeklyHours } from "../../../domain/scheduling/booking-windows";
import { findStaffById } from "../../db/repositories/people/staff";
import {
  findAvailability,
  replaceAvailability,
} from "../../db/repositories/scheduling/availability";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";

export interface Availability {
  staffId: number;
  weekly: Required<WeeklyHours>;
  timeOff: TimeOff[];
}

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

function complete(weekly: WeeklyHours): Required<WeeklyHours> {
  return recordOf(DAYS, (d) => weekly[d] ?? []);
}

export function createAvailabilityService(deps: ServiceDeps) {
  const { db } = deps;

  async function get(staffId: number): Promise<Availability> {
    const [row] = await findAvailability(db, [staffId]);
    return { staffId, weekly: complete(row?.weekly ?? {}), timeOff: row?.timeOff ?? [] };
  }

  return {
    get,

    /** Every listed person's hours (the staff page shows them beside each installer). */
    async getMany(staffIds: readonly number[]): Promise<Availability[]> {
      return (await findAvailability(db, staffIds)).map((r) => ({
        staffId: r.staffId,
        weekly: complete(r.weekly),
        timeOff: r.timeOff,
      }));
    },

    async set(staffId: number, input: AvailabilityInput, actor: Actor): Promise<Availability> {
      await db.transaction().execute(async (trx) => {
        const staff = await findStaffById(trx, staffId);
        if (!staff) throw new AppError("not_found", "Staff member not found.");
        if (staff.role !== "installer") {
          throw new AppError(
            "conflict",
            `${staff.name} is not an installer: only installers' hours are offered for booking.`,
          );
        }
        const [before] = await findAvailability(trx, [staffId]);
        await replaceAvailability(trx, staffId, input.weekly, input.timeOff);
        await recordAudit(trx, actor, "staff", `Hours of ${staff.name} changed`, {
          before: before ? { weekly: before.weekly, timeOff: before.timeOff } : null,
          after: { weekly: input.weekly, timeOff: input.timeOff },
        });
      });
      return get(staffId);
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
