/** Suppliers' price grids (migration 0025): replaced whole by an import, read when ordering. */
import type { PriceGridRow } from "../../../../domain/purchasing/price-grid";
import { type Db, toNumber } from "../../database";

/** Replaces supplier's grid with `rows` (the caller's transaction makes it one change). */
export async function replacePriceGrid(
  db: Db,
  supplierId: number,
  rows: readonly PriceGridRow[],
): Promise<void> {
  await db.deleteFrom("supplier_price_grid").where("supplier_id", "=", supplierId).execute();
  // 500 rows a statement keeps under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto("supplier_price_grid")
      .values(
        rows.slice(i, i + 500).map((r) => ({
          supplier_id: supplierId,
          product_type: r.productType,
          max_width_eighths: r.maxWidthEighths,
          max_height_eighths: r.maxHeightEighths,
          cost_cents: r.costCents,
        })),
      )
      .execute();
  }
}

/** A supplier's grid rows for some product types. */
export async function listPriceGrid(
  db: Db,
  supplierId: number,
  productTypes?: readonly string[],
): Promise<PriceGridRow[]> {
  if (productTypes && productTypes.length === 0) return [];
  let query = db
    .selectFrom("supplier_price_grid")
    .select(["product_type", "max_width_eighths", "max_height_eighths", "cost_cents"])
    .where("supplier_id", "=", supplierId);
  if (productTypes) query = query.where("product_type", "in", [...productTypes]);
  const rows = await query.orderBy("id").execute();
  return rows.map((r) => ({
    productType: r.product_type,
    maxWidthEighths: toNumber(r.max_width_eighths),
    maxHeightEighths: toNumber(r.max_height_eighths),
    costCents: toNumber(r.cost_cents),
  }));
}
