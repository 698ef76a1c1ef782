/**
 * The catalog as the editor sees and changes it: every product, service,
 * colour and fabric, withdrawn ones included. Reads for shoppers stay in ./catalog.ts.
 */
import { type Db, now } from "../../database";
import {
  listProductRows,
  listServiceRows,
  type ProductRecord,
  type ServiceRecord,
} from "./catalog";

export interface AdminProductRecord extends ProductRecord {
  active: boolean;
}

export interface AdminServiceRecord extends ServiceRecord {
  active: boolean;
}

/**
 * The first statement of every catalog edit: takes SQLite's write lock at once (no
 * read-then-upgrade deadlock between processes) and, on PostgreSQL, the version row's lock, so
 * two edits are serialised and each reads the rows it changes as they are.
 */
export async function lockCatalogForEdit(trx: Db): Promise<void> {
  await trx
    .updateTable("catalog_version")
    .set((eb) => ({ version: eb.ref("version") }))
    .where("id", "=", 1)
    .execute();
}

export function listAllProducts(db: Db): Promise<AdminProductRecord[]> {
  return listProductRows(db, { activeOnly: false });
}

export async function findAdminProduct(db: Db, id: number): Promise<AdminProductRecord | null> {
  return (await listAllProducts(db)).find((p) => p.id === id) ?? null;
}

export async function updateProductRow(
  db: Db,
  id: number,
  change: {
    name: string;
    description: string;
    rateCentsPerSqFt: number;
    minimumCents: number;
    active: boolean;
  },
): Promise<void> {
  await db
    .updateTable("products")
    .set({
      name: change.name,
      description: change.description,
      rate_cents_per_sqft: change.rateCentsPerSqFt,
      minimum_cents: change.minimumCents,
      active: change.active ? 1 : 0,
      updated_at: now(),
    })
    .where("id", "=", id)
    .execute();
}

/** The product's colours become `keys`, in that order. */
export async function replaceProductColors(db: Db, id: number, keys: string[]): Promise<void> {
  await db.deleteFrom("product_colors").where("product_id", "=", id).execute();
  if (keys.length === 0) return;
  await db
    .insertInto("product_colors")
    .values(keys.map((key, i) => ({ product_id: id, color_key: key, sort_order: i })))
    .execute();
}

export function listAllServices(db: Db): Promise<AdminServiceRecord[]> {
  return listServiceRows(db, { activeOnly: false });
}

export async function updateServicePrice(db: Db, id: number, cents: number): Promise<void> {
  await db
    .updateTable("services")
    .set({ price_cents_per_unit: cents, updated_at: now() })
    .where("id", "=", id)
    .execute();
}

export async function updateZebraCollectionRate(
  db: Db,
  slug: string,
  cents: number,
): Promise<void> {
  await db
    .updateTable("zebra_collections")
    .set({ upcharge_cents_per_sqft: cents })
    .where("slug", "=", slug)
    .execute();
}

export async function updateZebraFabricRow(
  db: Db,
  slug: string,
  change: { name: string; active: boolean },
): Promise<void> {
  await db
    .updateTable("zebra_fabrics")
    .set({ name: change.name, active: change.active ? 1 : 0 })
    .where("slug", "=", slug)
    .execute();
}

/** The price of the tier covering widths up to `maxWidthInches` (null: the widest tier). */
export async function updateInstallationTier(
  db: Db,
  maxWidthInches: number | null,
  cents: number,
): Promise<void> {
  await db
    .updateTable("installation_tiers")
    .set({ price_cents: cents })
    .where("max_width_inches", maxWidthInches === null ? "is" : "=", maxWidthInches)
    .execute();
}

export async function updateColorRow(
  db: Db,
  key: string,
  change: { name: string; hex: string },
): Promise<void> {
  await db
    .updateTable("colors")
    .set({ name: change.name, hex: change.hex })
    .where("key", "=", key)
    .execute();
}

export async function insertColor(
  db: Db,
  color: { key: string; name: string; hex: string },
): Promise<void> {
  await db.insertInto("colors").values(color).execute();
}
