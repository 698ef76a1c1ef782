/** An order's tax exemption (migration 0025) with the tax and total it leads to. */
import type { TaxExemption } from "../../../../domain/books/tax-exemption";
import type { Db } from "../../database";

/** The three columns an order or a quote keeps its certificate in (all null: taxed). */
export function exemptionColumns(exemption: TaxExemption | null) {
  return {
    tax_exempt_type: exemption?.type ?? null,
    tax_exempt_certificate: exemption?.certificateNumber ?? null,
    tax_exempt_expires: exemption?.expires ?? null,
  };
}

export async function setOrderTaxExemption(
  db: Db,
  id: number,
  change: {
    exemption: TaxExemption | null;
    taxCents: number;
    surtaxCents: number;
    surtaxableCents: number;
    totalCents: number;
    at: string;
  },
): Promise<void> {
  await db
    .updateTable("orders")
    .set({
      ...exemptionColumns(change.exemption),
      tax_cents: change.taxCents,
      surtax_cents: change.surtaxCents,
      surtaxable_cents: change.surtaxableCents,
      total_cents: change.totalCents,
      updated_at: change.at,
    })
    .where("id", "=", id)
    .execute();
}

/** The certificate an order made from an exempt quote carries (its totals already untaxed). */
export async function setOrderExemptionColumns(
  db: Db,
  id: number,
  exemption: TaxExemption | null,
): Promise<void> {
  await db.updateTable("orders").set(exemptionColumns(exemption)).where("id", "=", id).execute();
}
