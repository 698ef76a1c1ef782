/** The order's timeline besides status changes: visits, payments, adjustments, receipts. */
import type { Db } from "../../database";
import type { OrderEventRow } from "../../types";

export interface NewOrderEvent {
  orderId: number;
  kind: string;
  summary: string;
  details: Record<string, unknown>;
  actor: string;
  staffId: number | null;
  at: string;
}

export async function insertOrderEvent(db: Db, event: NewOrderEvent): Promise<void> {
  await db
    .insertInto("order_events")
    .values({
      order_id: event.orderId,
      kind: event.kind,
      summary: event.summary,
      details: JSON.stringify(event.details),
      actor: event.actor,
      staff_id: event.staffId,
      created_at: event.at,
    })
    .execute();
}

export async function findOrderEvents(db: Db, orderId: number): Promise<OrderEventRow[]> {
  return db
    .selectFrom("order_events")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
