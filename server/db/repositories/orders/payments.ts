/** Payments and refunds; orders.paid_cents moves with them in the same transaction. */
import { sql } from "kysely";
import type { PaymentMethod } from "../../../../domain/shared/back-office-schema";
import { type Db, toNumber } from "../../database";
import type { PaymentRow } from "../../types";

export async function findPaymentsForOrder(db: Db, orderId: number): Promise<PaymentRow[]> {
  const rows = await db
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("received_at")
    .orderBy("id")
    .execute();
  // pg answers bigint as a string.
  return rows.map((r) => ({ ...r, amount_cents: toNumber(r.amount_cents) }));
}

export async function insertPayment(
  db: Db,
  row: {
    orderId: number;
    amountCents: number;
    method: PaymentMethod;
    reference: string | null;
    note: string | null;
    actor: string;
    staffId: number | null;
    at: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto("payments")
    .values({
      order_id: row.orderId,
      amount_cents: row.amountCents,
      method: row.method,
      reference: row.reference,
      note: row.note,
      actor: row.actor,
      staff_id: row.staffId,
      received_at: row.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Adds `amountCents` to the order's paid total and answers the new total, or null when that
 * would make it negative (a refund beyond what was paid). One statement, so two refunds at
 * once cannot both pass the check.
 */
export async function addToOrderPaid(
  db: Db,
  orderId: number,
  amountCents: number,
  at: string,
): Promise<number | null> {
  const row = await db
    .updateTable("orders")
    .set({ paid_cents: sql`paid_cents + ${amountCents}`, updated_at: at })
    .where("id", "=", orderId)
    .where(sql<boolean>`paid_cents + ${amountCents} >= 0`)
    .returning("paid_cents")
    .executeTakeFirst();
  return row ? toNumber(row.paid_cents) : null;
}

export async function findOrderPaid(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select("paid_cents")
    .where("id", "=", orderId)
    .executeTakeFirst();
  return toNumber(row?.paid_cents);
}
