/**
 * Statuses follow the work: a measurement
 * visit marked done, the first purchase order, the installation visit booked once everything
 * arrived, and the close-out each move the order by themselves, inside the transaction of the
 * work that caused it, with the cause in the history. A move happens only from the status just
 * before it and only when the status rules allow it; otherwise the order stays where it is (the
 * owner can still move it by hand within the rules).
 */
import {
  isOrderStatus,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from "../../../domain/orders/order-status";
import type { Db } from "../../db/database";
import {
  insertStatusHistory,
  lockOrderForUpdate,
  updateOrderStatus,
} from "../../db/repositories/orders/orders";
import { AppError } from "../../errors";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";
import { assertStatusRules } from "./order-rules";

/** The statuses each automatic move starts from. */
const MOVES_FROM: Record<"measured" | "in_production" | "scheduled" | "completed", OrderStatus[]> =
  {
    measured: ["confirmed"],
    // An order sold in the living room (a quote) or a DIY order whose sizes were confirmed by phone
    // may never have had a measurement visit: the first purchase order is the evidence enough.
    in_production: ["confirmed", "measured"],
    scheduled: ["in_production"],
    completed: ["scheduled"],
  };

export type AutomaticMove = keyof typeof MOVES_FROM;

/**
 * An order's move from `from` to `to`, written into its status history and the audit log
 * ("Order #N: A → B" and `why`); `after` holds what the audit keeps beside the new status.
 */
export async function recordStatusMove(
  trx: Db,
  actor: Actor,
  move: {
    order: { id: number; order_number: number };
    from: OrderStatus;
    to: OrderStatus;
    kind: "forward" | "back" | "automatic";
    note: string | null;
    why: string;
    after: Record<string, unknown>;
    at: string;
  },
): Promise<void> {
  const { order, from, to } = move;
  await insertStatusHistory(trx, {
    orderId: order.id,
    fromStatus: from,
    toStatus: to,
    note: move.note,
    actor: actor.label,
    kind: move.kind,
    staffId: actor.staffId,
    changedAt: move.at,
  });
  await recordAudit(
    trx,
    actor,
    "order_status",
    `Order #${order.order_number}: ${ORDER_STATUS_LABELS[from]} → ${ORDER_STATUS_LABELS[to]}${move.why}`,
    { before: { status: from }, after: { status: to, ...move.after } },
  );
}

/**
 * Moves the order to `to` when it stands just before it and the rules allow it; answers whether
 * it moved. `cause` goes into the history ("Measurement visit marked done").
 */
export async function moveOrderByWork(
  trx: Db,
  orderId: number,
  to: AutomaticMove,
  cause: string,
  actor: Actor,
  at: string,
): Promise<boolean> {
  // The order's row lock: a payment or status change of the same order waits.
  const order = await lockOrderForUpdate(trx, orderId);
  if (!order || !isOrderStatus(order.status)) return false;
  const from = order.status;
  if (!MOVES_FROM[to].includes(from)) return false;
  try {
    await assertStatusRules(trx, order, to);
  } catch (error) {
    if (error instanceof AppError && error.code === "conflict") return false;
    throw error;
  }
  if (!(await updateOrderStatus(trx, orderId, from, to, at))) return false;
  await recordStatusMove(trx, actor, {
    order,
    from,
    to,
    kind: "automatic",
    note: `Automatic: ${cause}`,
    why: ` (automatic: ${cause})`,
    after: { cause },
    at,
  });
  return true;
}
