/**
 * What the bookkeeper's export reads for a period [from, to) of UTC instants; its payments are
 * the payments report's lines (listPaymentLines in reports.ts).
 */
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
