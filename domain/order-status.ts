/** Order statuses and the transitions allowed between them (DECISIONS.md "Order statuses"). */
export const ORDER_STATUSES = [
  "pending",
  "confirmed",
  "measured",
  "in_production",
  "scheduled",
  "completed",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  measured: "Measured",
  in_production: "In Production",
  scheduled: "Installation Scheduled",
  completed: "Completed",
  cancelled: "Cancelled",
};

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
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses an order may move to next: the next step, or cancelled before completion. */
export function allowedTransitions(from: OrderStatus): OrderStatus[] {
  const next = FORWARD[from];
  const out: OrderStatus[] = next ? [next] : [];
  if (from !== "completed" && from !== "cancelled") out.push("cancelled");
  return out;
}

/** The display label of a status; an unknown stored value is shown as it is. */
export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return allowedTransitions(from).includes(to);
}
