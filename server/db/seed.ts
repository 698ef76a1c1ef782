/**
 * Idempotent seed of the catalog: inserts what is missing and leaves
 * rows that exist alone, so a store owner's later price edits survive restarts.
 */
import { PRODUCT_SEEDS, SERVICE_SEEDS } from "../../domain/storefront/catalog";
import { COLORS } from "../../domain/storefront/colors";
import { INSTALLATION_TIER_SEEDS } from "../../domain/storefront/pricing-seeds";
import {
  ZEBRA_COLLECTIONS,
  ZEBRA_CONTROL_TYPES,
  ZEBRA_CONTROL_UPCHARGE_CENTS,
  ZEBRA_MOTOR_OPTIONS,
  ZEBRA_MOTOR_UPCHARGE_CENTS,
  zebraControlKey,
  zebraMotorKey,
} from "../../domain/storefront/zebra";
import { type Db, now } from "./database";

export async function seedCatalog(db: Db): Promise<void> {
  const at = now();
  await db.transaction().execute(async (trx) => {
    for (const color of COLORS) {
      await trx
        .insertInto("colors")
        .values({ key: color.key, name: color.name, hex: color.hex })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    }
    for (const [i, p] of PRODUCT_SEEDS.entries()) {
      const inserted = await trx
        .insertInto("products")
        .values({
          id: p.id,
          type: p.type,
          name: p.name,
          description: p.description,
          rate_cents_per_sqft: p.rateCentsPerSqFt,
          minimum_cents: p.minimumCents,
          sort_order: i,
          active: 1,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      // A product's colours are seeded with the product only: colours the owner has since
      // taken off it (decision 161, /admin/catalog) must not come back at the next start.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      for (const [j, key] of p.colors.entries()) {
        await trx
          .insertInto("product_colors")
          .values({ product_id: p.id, color_key: key, sort_order: j })
          .onConflict((oc) => oc.columns(["product_id", "color_key"]).doNothing())
          .execute();
      }
    }
    for (const [i, c] of ZEBRA_COLLECTIONS.entries()) {
      await trx
        .insertInto("zebra_collections")
        .values({
          slug: c.slug,
          name: c.name,
          upcharge_cents_per_sqft: c.upchargeCentsPerSqFt,
          sort_order: i,
        })
        .onConflict((oc) => oc.column("slug").doNothing())
        .execute();
      for (const [j, f] of c.fabrics.entries()) {
        await trx
          .insertInto("zebra_fabrics")
          .values({
            slug: f.slug,
            collection_slug: c.slug,
            name: f.name,
            code: f.code,
            hex: f.hex,
            sort_order: j,
          })
          .onConflict((oc) => oc.column("slug").doNothing())
          .execute();
      }
    }
    for (const [i, t] of INSTALLATION_TIER_SEEDS.entries()) {
      await trx
        .insertInto("installation_tiers")
        .values({ id: i + 1, max_width_inches: t.maxWidthInches, price_cents: t.cents })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
    const zebraOptions: [string, number][] = [
      ...ZEBRA_CONTROL_TYPES.map((t): [string, number] => [
        zebraControlKey(t),
        ZEBRA_CONTROL_UPCHARGE_CENTS[t],
      ]),
      ...ZEBRA_MOTOR_OPTIONS.map((o): [string, number] => [
        zebraMotorKey(o),
        ZEBRA_MOTOR_UPCHARGE_CENTS[o],
      ]),
    ];
    for (const [option, cents] of zebraOptions) {
      await trx
        .insertInto("zebra_option_prices")
        .values({ option, price_cents: cents })
        .onConflict((oc) => oc.column("option").doNothing())
        .execute();
    }
    for (const s of SERVICE_SEEDS) {
      await trx
        .insertInto("services")
        .values({
          id: s.id,
          type: s.type,
          name: s.name,
          description: s.description,
          price_cents_per_unit: s.priceCentsPerUnit,
          unit: s.unit,
          active: 1,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
  });
}
