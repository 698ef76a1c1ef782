/** What the bookkeeper's export reads for a period [from, to) of UTC instants. */
import { type Db, toNumber } from "../../database";
import type { Instants } from "./reports";

export interface InvoiceRow {
  orderNumber: number;
  createdAt: string;
  email: string;
  name: string;
  totalCents: number;
  shippingCents: number;
  taxCents: number;
  surtaxCents: number;
}

/** The orders placed in the period (not cancelled), oldest first. */
export async function listInvoices(db: Db, p: Instants): Promise<InvoiceRow[]> {
  const rows = await db
    .selectFrom("orders")
    .select([
      "order_number",
      "created_at",
      "email",
      "first_name",
      "last_name",
      "total_cents",
      "shipping_cents",
      "tax_cents",
      "surtax_cents",
    ])
    .where("created_at", ">=", p.from)
    .where("created_at", "<", p.to)
    .where("status", "<>", "cancelled")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    orderNumber: toNumber(r.order_number),
    createdAt: r.created_at,
    email: r.email,
    name: `${r.first_name} ${r.last_name}`,
    totalCents: toNumber(r.total_cents),
    shippingCents: toNumber(r.shipping_cents),
    taxCents: toNumber(r.tax_cents),
    surtaxCents: toNumber(r.surtax_cents),
  }));
}

export interface JournalPaymentRow {
  id: number;
  orderNumber: number;
  receivedAt: string;
  email: string;
  name: string;
  method: string;
  amountCents: number;
}

/** The payments and refunds received in the period, oldest first. */
export async function listJournalPayments(db: Db, p: Instants): Promise<JournalPaymentRow[]> {
  const rows = await db
    .selectFrom("payments as pay")
    .innerJoin("orders as o", "o.id", "pay.order_id")
    .select([
      "pay.id",
      "o.order_number",
      "pay.received_at",
      "o.email",
      "o.first_name",
      "o.last_name",
      "pay.method",
      "pay.amount_cents",
    ])
    .where("pay.received_at", ">=", p.from)
    .where("pay.received_at", "<", p.to)
    .orderBy("pay.received_at")
    .orderBy("pay.id")
    .execute();
  return rows.map((r) => ({
    id: toNumber(r.id),
    orderNumber: toNumber(r.order_number),
    receivedAt: r.received_at,
    email: r.email,
    name: `${r.first_name} ${r.last_name}`,
    method: r.method,
    amountCents: toNumber(r.amount_cents),
  }));
}
