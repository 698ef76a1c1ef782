/** An order's tax exemption (migration 0025) with the tax and total it leads to. */
import type { TaxExemption } from "../../../../domain/books/tax-exemption";
import type { Db } from "../../database";

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
      tax_exempt_type: change.exemption?.type ?? null,
      tax_exempt_certificate: change.exemption?.certificateNumber ?? null,
      tax_exempt_expires: change.exemption?.expires ?? null,
      tax_cents: change.taxCents,
      surtax_cents: change.surtaxCents,
      surtaxable_cents: change.surtaxableCents,
      total_cents: change.totalCents,
      updated_at: change.at,
    })
    .where("id", "=", id)
    .execute();
}
