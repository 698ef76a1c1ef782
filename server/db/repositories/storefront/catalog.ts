import type { Db } from "../../database";

export interface ProductRecord {
  id: number;
  type: string;
  name: string;
  description: string;
  rateCentsPerSqFt: number;
  minimumCents: number;
  colors: string[];
}

export interface ServiceRecord {
  id: number;
  type: string;
  name: string;
  description: string;
  priceCentsPerUnit: number;
  unit: string;
}

/** Products in display order, with their colour keys; withdrawn ones too unless `activeOnly`. */
export async function listProductRows(
  db: Db,
  { activeOnly }: { activeOnly: boolean },
): Promise<(ProductRecord & { active: boolean })[]> {
  let query = db
    .selectFrom("products")
    .select(["id", "type", "name", "description", "rate_cents_per_sqft", "minimum_cents", "active"])
    .orderBy("sort_order")
    .orderBy("id");
  if (activeOnly) query = query.where("active", "=", 1);
  const products = await query.execute();
  const colors = await db
    .selectFrom("product_colors")
    .select(["product_id", "color_key"])
    .orderBy("product_id")
    .orderBy("sort_order")
    .execute();
  return products.map((p) => ({
    id: Number(p.id),
    type: p.type,
    name: p.name,
    description: p.description,
    rateCentsPerSqFt: Number(p.rate_cents_per_sqft),
    minimumCents: Number(p.minimum_cents),
    colors: colors.filter((c) => Number(c.product_id) === Number(p.id)).map((c) => c.color_key),
    active: Number(p.active) === 1,
  }));
}

export async function listActiveProducts(db: Db): Promise<ProductRecord[]> {
  const rows = await listProductRows(db, { activeOnly: true });
  return rows.map(({ active: _active, ...product }) => product);
}

/** Services by id; withdrawn ones too unless `activeOnly`. */
export async function listServiceRows(
  db: Db,
  { activeOnly }: { activeOnly: boolean },
): Promise<(ServiceRecord & { active: boolean })[]> {
  let query = db
    .selectFrom("services")
    .select(["id", "type", "name", "description", "price_cents_per_unit", "unit", "active"])
    .orderBy("id");
  if (activeOnly) query = query.where("active", "=", 1);
  const rows = await query.execute();
  return rows.map((s) => ({
    id: Number(s.id),
    type: s.type,
    name: s.name,
    description: s.description,
    priceCentsPerUnit: Number(s.price_cents_per_unit),
    unit: s.unit,
    active: Number(s.active) === 1,
  }));
}

export async function listActiveServices(db: Db): Promise<ServiceRecord[]> {
  const rows = await listServiceRows(db, { activeOnly: true });
  return rows.map(({ active: _active, ...service }) => service);
}

export interface ZebraCollectionRecord {
  slug: string;
  name: string;
  upchargeCentsPerSqFt: number;
  fabrics: { slug: string; name: string; code: string; hex: string; active: boolean }[];
}

export async function listZebraCollections(db: Db): Promise<ZebraCollectionRecord[]> {
  const collections = await db
    .selectFrom("zebra_collections")
    .select(["slug", "name", "upcharge_cents_per_sqft"])
    .orderBy("sort_order")
    .execute();
  const fabrics = await db
    .selectFrom("zebra_fabrics")
    .select(["slug", "collection_slug", "name", "code", "hex", "active"])
    .orderBy("collection_slug")
    .orderBy("sort_order")
    .execute();
  return collections.map((c) => ({
    slug: c.slug,
    name: c.name,
    upchargeCentsPerSqFt: Number(c.upcharge_cents_per_sqft),
    fabrics: fabrics
      .filter((f) => f.collection_slug === c.slug)
      .map((f) => ({
        slug: f.slug,
        name: f.name,
        code: f.code,
        hex: f.hex,
        active: Number(f.active) === 1,
      })),
  }));
}

export async function listColors(db: Db): Promise<{ key: string; name: string; hex: string }[]> {
  return db.selectFrom("colors").select(["key", "name", "hex"]).orderBy("key").execute();
}

export interface InstallationTierRecord {
  maxWidthInches: number | null;
  cents: number;
}

/** Narrowest first; the tier without a maximum (any wider) last. */
export async function listInstallationTiers(db: Db): Promise<InstallationTierRecord[]> {
  const rows = await db
    .selectFrom("installation_tiers")
    .select(["max_width_inches", "price_cents"])
    .orderBy("id")
    .execute();
  return rows
    .map((r) => ({
      maxWidthInches: r.max_width_inches === null ? null : Number(r.max_width_inches),
      cents: Number(r.price_cents),
    }))
    .sort((a, b) => (a.maxWidthInches ?? Infinity) - (b.maxWidthInches ?? Infinity));
}

/** Zebra option upcharges by key ("control:motorized", "motor:smartHome", …). */
export async function listZebraOptionPrices(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("zebra_option_prices")
    .select(["option", "price_cents"])
    .execute();
  return new Map(rows.map((r) => [r.option, Number(r.price_cents)]));
}
