/** Suppliers (migration 0014) and each product's supplier. */

import type { Selectable } from "kysely";
import type { Db } from "../../database";
import type { SuppliersTable } from "../../types";

export type SupplierRow = Selectable<SuppliersTable>;

export async function listSuppliers(db: Db): Promise<SupplierRow[]> {
  return db.selectFrom("suppliers").selectAll().orderBy("name").orderBy("id").execute();
}

export async function findSupplierById(db: Db, id: number): Promise<SupplierRow | undefined> {
  return db.selectFrom("suppliers").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertSupplier(db: Db, row: Omit<SupplierRow, "id">): Promise<number> {
  const inserted = await db
    .insertInto("suppliers")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateSupplier(
  db: Db,
  id: number,
  change: Partial<Omit<SupplierRow, "id" | "created_at">>,
): Promise<void> {
  await db.updateTable("suppliers").set(change).where("id", "=", id).execute();
}

export async function setProductSupplier(
  db: Db,
  productId: number,
  supplierId: number | null,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("products")
    .set({ supplier_id: supplierId, updated_at: at })
    .where("id", "=", productId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Product id → supplier id (null: none chosen). */
export async function productSuppliers(db: Db): Promise<Map<number, number | null>> {
  const rows = await db.selectFrom("products").select(["id", "supplier_id"]).execute();
  return new Map(
    rows.map((r) => [Number(r.id), r.supplier_id === null ? null : Number(r.supplier_id)]),
  );
}
