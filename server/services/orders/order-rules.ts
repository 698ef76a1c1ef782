/**
 * The business rules a status change must pass besides the workflow's order: `scheduled` needs an installation visit, `completed` a zero
 * balance and no installation visit still scheduled, `cancelled` no money kept. Called inside the status change's transaction.
 */

import type { OrderStatus } from "../../../domain/orders/order-status";
import { productionHold } from "../../../domain/sales/production-hold";
import { storeToday } from "../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../domain/shared/money";
import type { Db } from "../../db/database";
import { countVisits } from "../../db/repositories/scheduling/visits";
import { AppError } from "../../errors";

export interface OrderMoney {
  id: number;
  order_number: number;
  total_cents: number;
  paid_cents: number;
  deposit_cents: number;
  cancel_until: string | null;
}

/** 409 while the order may not go into production (deposit due, or still cancellable). */
export function assertNoProductionHold(
  order: Pick<OrderMoney, "deposit_cents" | "paid_cents" | "cancel_until">,
): void {
  const hold = productionHold(
    {
      depositCents: Number(order.deposit_cents),
      paidCents: Number(order.paid_cents),
      cancelUntil: order.cancel_until,
    },
    storeToday(),
  );
  if (hold) {
    const { message, ...details } = hold;
    throw new AppError("conflict", message, {
      details:
        details.reason === "deposit_due"
          ? { reason: details.reason, depositDue: details.depositDueCents / 100 }
          : details,
    });
  }
}

export async function assertStatusRules(db: Db, order: OrderMoney, to: OrderStatus): Promise<void> {
  const total = Number(order.total_cents);
  const paid = Number(order.paid_cents);
  if (to === "in_production") {
    assertNoProductionHold(order);
  }
  if (to === "scheduled") {
    const visits = await countVisits(db, {
      orderId: order.id,
      kind: "install",
      statuses: ["scheduled", "done"],
    });
    if (visits === 0) {
      throw new AppError(
        "conflict",
        `Book the installation visit of Order #${order.order_number} before marking it Installation Scheduled.`,
        { details: { reason: "installation_visit_required" } },
      );
    }
  }
  if (to === "completed" && total !== paid) {
    const due = total - paid;
    throw new AppError(
      "conflict",
      due > 0
        ? `Order #${order.order_number} still has ${formatMoney(due)} due; record the payment before completing it.`
        : `Order #${order.order_number} was paid ${formatMoney(-due)} more than its total; record the refund before completing it.`,
      { details: { reason: "balance_due", balanceDue: due / 100 } },
    );
  }
  if (to === "completed") {
    const open = await countVisits(db, {
      orderId: order.id,
      kind: "install",
      statuses: ["scheduled"],
    });
    if (open > 0) {
      throw new AppError(
        "conflict",
        `Order #${order.order_number} still has an installation visit scheduled; mark it done (or cancel it) before completing the order.`,
        { details: { reason: "installation_visit_scheduled" } },
      );
    }
  }
  if (to === "cancelled" && paid > 0) {
    throw new AppError(
      "conflict",
      `The customer has paid ${formatMoney(paid)} on Order #${order.order_number}; record the refund before cancelling it.`,
      { details: { reason: "refund_required", paid: paid / 100 } },
    );
  }
}
