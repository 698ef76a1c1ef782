import { randomUUID } from "node:crypto";
import { VISIT_KIND_LABELS } from "../../../../domain/scheduling/visit-time";
import type { VisitCreate } from "../../../../domain/shared/back-office-schema";
import { now } from "../../../db/database";
import { lockOrderForUpdate } from "../../../db/repositories/orders/orders";
import { enqueueEmail } from "../../../db/repositories/platform/email-outbox";
import {
  findVisitById,
  getVisitById,
  insertVisit,
} from "../../../db/repositories/scheduling/visits";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { recordOrderChange } from "../../orders/order-events";
import { moveOrderByWork } from "../../orders/order-moves";
import type { Actor } from "../../people/actor";
import { isReadyToInstall } from "../../purchasing/readiness";
import { checkOverlap, checkStaff, toView, type VisitView, visitEmail } from "./shared";

export async function scheduleVisit(
  deps: ServiceDeps,
  orderId: number,
  input: VisitCreate,
  actor: Actor,
): Promise<VisitView> {
  const { db, config, logger, emails } = deps;

  const at = now();
  const { id, emailed } = await db.transaction().execute(async (trx) => {
    const order = await lockOrderForUpdate(trx, orderId);
    if (!order) throw new AppError("not_found", "Order not found.");
    if (order.status === "completed" || order.status === "cancelled") {
      throw new AppError(
        "conflict",
        `Order #${order.order_number} is ${order.status}; it takes no more visits.`,
      );
    }
    await checkStaff(trx, input.staffId);
    await checkOverlap(trx, { ...input, staffId: input.staffId }, input.twoPersonJob);
    const uid = `${randomUUID()}@${new URL(config.publicUrl).hostname}`;
    const visitId = await insertVisit(trx, {
      orderId,
      kind: input.kind,
      date: input.date,
      start: input.start,
      end: input.end,
      staffId: input.staffId,
      uid,
      at,
      language: order.language,
    });
    const row = await findVisitById(trx, visitId);
    if (!row) throw new Error("visit vanished");
    await recordOrderChange(trx, actor, at, {
      orderId,
      kind: "visit",
      summary: `${VISIT_KIND_LABELS[input.kind]} booked: ${toView(row).when}${row.staff_name ? ` with ${row.staff_name}` : ""}`,
      details: {
        visitId,
        after: {
          date: input.date,
          start: input.start,
          end: input.end,
          staffId: input.staffId,
        },
      },
      audit: {
        kind: "visit",
        summary: `Order #${order.order_number}: ${VISIT_KIND_LABELS[input.kind]} booked: ${toView(row).when}${row.staff_name ? ` with ${row.staff_name}` : ""}`,
        details: {
          after: {
            visitId,
            date: input.date,
            start: input.start,
            end: input.end,
            staffId: input.staffId,
          },
        },
      },
    });
    // Statuses follow the work: everything arrived, the installation booked.
    if (input.kind === "install" && (await isReadyToInstall(trx, orderId))) {
      await moveOrderByWork(
        trx,
        orderId,
        "scheduled",
        "installation visit booked with every item received",
        actor,
        at,
      );
    }
    if (input.notifyCustomer) await enqueueEmail(trx, visitEmail(deps, order, row, "booked"));
    return { id: visitId, emailed: input.notifyCustomer };
  });
  logger.info("visit scheduled", { orderId, visitId: id, emailed });
  if (emailed) emails.kick();
  return toView(await getVisitById(db, id));
}
