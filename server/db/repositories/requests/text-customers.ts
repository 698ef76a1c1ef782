/**
 * Who a texting number belongs to (decision 550): the orders, visits and quotes whose contact
 * phone is that number, however it was typed ("(239) 555-0142", "239-555-0142"): the stored
 * phone's digits are compared with the number's last ten.
 */
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../database";

/** The digits of a phone column: brackets, spaces, dashes, dots and + removed, in SQL. */
function digitsOf(column: string): RawBuilder<string> {
  let expr: RawBuilder<string> = sql<string>`coalesce(${sql.ref(column)}, '')`;
  for (const ch of ["(", ")", " ", "-", ".", "+"]) expr = sql<string>`replace(${expr}, ${ch}, '')`;
  return expr;
}

/** The number's last ten digits, the pattern the stored digits end with. */
function endsWith(e164: string): string {
  return `%${e164.replace(/\D/g, "").slice(-10)}`;
}

export interface TextCustomerLinks {
  customerName: string | null;
  orders: { id: number; orderNumber: number; reference: string }[];
  visits: { id: number; date: string; start: string; staffId: number | null }[];
  quotes: { id: number; quoteNumber: number }[];
}

export async function customerLinksOfPhone(db: Db, e164: string): Promise<TextCustomerLinks> {
  const pattern = endsWith(e164);
  const orders = await db
    .selectFrom("orders")
    .select(["id", "order_number", "reference", "first_name", "last_name", "created_at"])
    .where(digitsOf("orders.phone"), "like", pattern)
    .orderBy("id", "desc")
    .limit(20)
    .execute();
  const visits = await db
    .selectFrom("visits")
    .leftJoin("orders", "orders.id", "visits.order_id")
    .select([
      "visits.id",
      "visits.visit_date",
      "visits.start_time",
      "visits.staff_id",
      "visits.first_name",
      "visits.last_name",
    ])
    .where((eb) =>
      eb.or([
        eb(digitsOf("visits.phone"), "like", pattern),
        eb.and([eb("visits.phone", "is", null), eb(digitsOf("orders.phone"), "like", pattern)]),
      ]),
    )
    .orderBy("visits.visit_date", "desc")
    .limit(20)
    .execute();
  const quotes = await db
    .selectFrom("quotes")
    .select(["id", "quote_number", "first_name", "last_name"])
    .where(digitsOf("quotes.phone"), "like", pattern)
    .orderBy("id", "desc")
    .limit(20)
    .execute();
  const named =
    orders.find((o) => o.first_name) ??
    visits.find((v) => v.first_name) ??
    quotes.find((q) => q.first_name);
  const customerName = named
    ? `${named.first_name ?? ""} ${named.last_name ?? ""}`.trim() || null
    : null;
  return {
    customerName,
    orders: orders.map((o) => ({
      id: Number(o.id),
      orderNumber: Number(o.order_number),
      reference: o.reference,
    })),
    visits: visits.map((v) => ({
      id: Number(v.id),
      date: v.visit_date,
      start: v.start_time,
      staffId: v.staff_id === null ? null : Number(v.staff_id),
    })),
    quotes: quotes.map((q) => ({ id: Number(q.id), quoteNumber: Number(q.quote_number) })),
  };
}

/** The contact phones of an installer's visits (the visit's own, else its order's). */
export async function customerPhonesOfInstaller(db: Db, staffId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("visits")
    .leftJoin("orders", "orders.id", "visits.order_id")
    .select((eb) => eb.fn.coalesce("visits.phone", "orders.phone").as("phone"))
    .where("visits.staff_id", "=", staffId)
    .execute();
  return rows.flatMap((r) => (r.phone ? [r.phone] : []));
}
