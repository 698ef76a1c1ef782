/**
 * Measurements on a visit (decision 524): the installer records each window on his phone; the
 * ordering size and the flags come from the domain's rule. A repeat POST replaces the list, in
 * one transaction.
 */

import {
  isMeasurementFlag,
  type MeasuredWindowInput,
  type MeasuredWindowView,
  orderingSize,
} from "../../../../domain/scheduling/measurements";
import { fromEighths, toEighths } from "../../../../domain/shared/dimensions";
import { now } from "../../../db/database";
import {
  listVisitMeasurements,
  type MeasurementRow,
  replaceVisitMeasurements,
} from "../../../db/repositories/scheduling/measurements";
import { findVisitById } from "../../../db/repositories/scheduling/visits";
import { AppError } from "../../../errors";

export type { MeasuredWindowView };

import type { ServiceDeps } from "../../deps";

function viewOf(row: MeasurementRow): MeasuredWindowView {
  return {
    id: row.id,
    room: row.room,
    productType: row.product_type,
    mount: row.mount,
    widths: [
      fromEighths(row.width_top_eighths),
      fromEighths(row.width_middle_eighths),
      fromEighths(row.width_bottom_eighths),
    ],
    heights: [
      fromEighths(row.height_left_eighths),
      fromEighths(row.height_center_eighths),
      fromEighths(row.height_right_eighths),
    ],
    depth: row.depth_eighths === null ? null : fromEighths(row.depth_eighths),
    note: row.note,
    orderWidth: fromEighths(row.order_width_eighths),
    orderHeight: fromEighths(row.order_height_eighths),
    flags: row.flags.split(" ").filter(isMeasurementFlag),
  };
}

export function createMeasurementService(deps: ServiceDeps) {
  const { db } = deps;

  async function requireVisit(visitId: number) {
    const visit = await findVisitById(db, visitId);
    if (!visit) throw new AppError("not_found", "Visit not found.");
    return visit;
  }

  return {
    async list(visitId: number): Promise<MeasuredWindowView[]> {
      await requireVisit(visitId);
      return (await listVisitMeasurements(db, visitId)).map(viewOf);
    },

    async record(
      visitId: number,
      windows: readonly MeasuredWindowInput[],
    ): Promise<MeasuredWindowView[]> {
      const visit = await requireVisit(visitId);
      if (visit.kind !== "measure") {
        throw new AppError(
          "conflict",
          "Windows are measured on a measurement visit: this one is an installation.",
        );
      }
      if (visit.status === "cancelled") {
        throw new AppError("conflict", "This visit was cancelled: book a new measurement visit.");
      }
      const at = now();
      const rows = windows.map((w) => {
        const size = orderingSize(w);
        return {
          room: w.room,
          product_type: w.productType,
          mount: w.mount,
          width_top_eighths: toEighths(w.widths[0]),
          width_middle_eighths: toEighths(w.widths[1]),
          width_bottom_eighths: toEighths(w.widths[2]),
          height_left_eighths: toEighths(w.heights[0]),
          height_center_eighths: toEighths(w.heights[1]),
          height_right_eighths: toEighths(w.heights[2]),
          depth_eighths: w.depth === null ? null : toEighths(w.depth),
          note: w.note,
          order_width_eighths: toEighths(size.orderWidth),
          order_height_eighths: toEighths(size.orderHeight),
          flags: size.flags.join(" "),
          measured_at: at,
        };
      });
      return db.transaction().execute(async (trx) => {
        await replaceVisitMeasurements(trx, visitId, rows, at);
        return (await listVisitMeasurements(trx, visitId)).map(viewOf);
      });
    },
  };
}

export type MeasurementService = ReturnType<typeof createMeasurementService>;
