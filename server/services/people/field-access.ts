/**
 * An installer's reach. The permission table
 * lets installers into the field-work routes; these checks narrow each call to the visits
 * assigned to him and their orders. An order or visit out of reach answers 404, like one that
 * does not exist, so nothing about it leaks. Other roles pass unchanged.
 */
import { seesOnlyOwnVisits } from "../../../domain/people/permissions";
import { findVisitById, staffHasVisitOnOrder } from "../../db/repositories/scheduling/visits";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";

/** The part of a session the checks read. */
export interface FieldWorker {
  staffId: number;
  role: string;
}

/** What an installer may change on his own visit: its status, to done. */
function isMarkDone(input: Record<string, unknown>): boolean {
  const changed = Object.entries(input).filter(
    ([key, value]) =>
      value !== undefined && key !== "notifyCustomer" && !(key === "twoPersonJob" && !value),
  );
  return changed.length === 1 && input.status === "done";
}

export function createFieldAccess(deps: Pick<ServiceDeps, "db">) {
  const { db } = deps;
  return {
    /** Whether this person sees only his own visits (the schedule, the dashboard). */
    ownVisitsOnly: (worker: FieldWorker) => seesOnlyOwnVisits(worker.role),

    /** The staff id to narrow a visit list to, or undefined for everyone's. */
    visitFilter: (worker: FieldWorker): number | undefined =>
      seesOnlyOwnVisits(worker.role) ? worker.staffId : undefined,

    /** 404 unless the person may work on this order (an installer: one of his visits is on it). */
    async assertOrder(worker: FieldWorker, orderId: number): Promise<void> {
      if (!seesOnlyOwnVisits(worker.role)) return;
      if (!(await staffHasVisitOnOrder(db, worker.staffId, orderId))) {
        throw new AppError("not_found", "Order not found.");
      }
    },

    /** 404 unless the person may work on this visit (an installer: it is assigned to him). */
    async assertVisit(worker: FieldWorker, visitId: number): Promise<void> {
      if (!seesOnlyOwnVisits(worker.role)) return;
      const visit = await findVisitById(db, visitId);
      if (!visit || visit.staff_id !== worker.staffId) {
        throw new AppError("not_found", "Visit not found.");
      }
    },

    /** An installer changes only his own visit, and only to mark it done (403 otherwise). */
    async assertVisitUpdate(
      worker: FieldWorker,
      visitId: number,
      input: Record<string, unknown>,
    ): Promise<void> {
      if (!seesOnlyOwnVisits(worker.role)) return;
      const visit = await findVisitById(db, visitId);
      if (!visit || visit.staff_id !== worker.staffId) {
        throw new AppError("not_found", "Visit not found.");
      }
      if (!isMarkDone(input)) {
        throw new AppError("forbidden", "An installer can only mark his own visits done.");
      }
    },
  };
}

export type FieldAccess = ReturnType<typeof createFieldAccess>;
