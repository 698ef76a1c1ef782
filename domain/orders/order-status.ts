/** Order statuses and the transitions allowed between them. */

import { recordOf } from "../platform/records";
import { oneOf } from "../shared/one-of";
/** The way an order goes, first to last (the status page's tracker shows these steps). */
export const ORDER_PROGRESS = [
  "pending",
  "confirmed",
  "measured",
  "in_production",
  "scheduled",
  "completed",
] as const;
export const ORDER_STATUSES = [...ORDER_PROGRESS, "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The one table of status names: every screen, email and page says these words.
 * An order with nothing installed is delivered, and three steps are
 * named for that; everything else is the same for both.
 */
export const ORDER_STATUS_WORDS: Record<OrderStatus, { installed: string; delivered: string }> = {
  pending: { installed: "Pending", delivered: "Pending" },
  confirmed: { installed: "Confirmed", delivered: "Confirmed" },
  measured: { installed: "Measured", delivered: "Sizes Confirmed" },
  in_production: { installed: "In Production", delivered: "In Production" },
  scheduled: { installed: "Installation Scheduled", delivered: "Delivery Scheduled" },
  completed: { installed: "Completed", delivered: "Delivered" },
  cancelled: { installed: "Cancelled", delivered: "Cancelled" },
};

/** The names of an installed order (the back office's lists, which mix both kinds). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = recordOf(
  ORDER_STATUSES,
  (s) => ORDER_STATUS_WORDS[s].installed,
);

const FORWARD: Record<OrderStatus, OrderStatus | null> = {
  pending: "confirmed",
  confirmed: "measured",
  measured: "in_production",
  in_production: "scheduled",
  scheduled: "completed",
  completed: null,
  cancelled: null,
};

export function isOrderStatus(value: string): value is OrderStatus {
  return oneOf(ORDER_STATUSES, value);
}

/** One step back (decision 150: a mistake or a re-measure), always with a reason. */
const BACK: Record<OrderStatus, OrderStatus | null> = {
  pending: null,
  confirmed: "pending",
  measured: "confirmed",
  in_production: "measured",
  scheduled: "in_production",
  completed: "scheduled",
  cancelled: null,
};

/** The status one step back from `from`, or null (pending and cancelled have none). */
export function previousStatus(from: OrderStatus): OrderStatus | null {
  return BACK[from];
}

/** True when moving `from` → `to` is the step back, which needs a reason. */
export function isStepBack(from: OrderStatus, to: OrderStatus): boolean {
  return BACK[from] === to;
}

/**
 * The statuses an order may move to next: the next step, cancelled before completion, and one
 * step back (listed last, so the next step stays the first choice).
 */
export function allowedTransitions(from: OrderStatus): OrderStatus[] {
  const next = FORWARD[from];
  const out: OrderStatus[] = next ? [next] : [];
  if (from !== "completed" && from !== "cancelled") out.push("cancelled");
  const back = BACK[from];
  if (back) out.push(back);
  return out;
}

/** The display label of a status; an unknown stored value is shown as it is. */
export function orderStatusLabel(
  status: string,
  fulfilment: "installed" | "delivered" = "installed",
): string {
  return isOrderStatus(status) ? ORDER_STATUS_WORDS[status][fulfilment] : status;
}
