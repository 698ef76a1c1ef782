/**
 * The catalog editor.
 * Each change runs in one transaction with its audit entry; once committed, the catalog-changed
 * signal tells this process and every other one, so pages, quotes and carts use
 * the new rows at once. Placed orders keep the rates stored with them and are never touched.
 * Takes and returns cents.
 */

import { formatMoney } from "../../../domain/shared/money";
import type {
  ColorCreate,
  ColorUpdate,
  InstallationPrices,
  ProductUpdate,
  ServiceUpdate,
  ZebraCollectionUpdate,
  ZebraFabricUpdate,
} from "../../../domain/storefront/catalog-admin-schema";
import { INSTALLATION_TIER_WIDTHS } from "../../../domain/storefront/catalog-admin-schema";
import type { ColorInfo } from "../../../domain/storefront/colors";
import type { Db } from "../../db/database";
import {
  type InstallationTierRecord,
  listColors,
  listInstallationTiers,
  listZebraCollections,
  type ZebraCollectionRecord,
} from "../../db/repositories/storefront/catalog";
import {
  type AdminProductRecord,
  type AdminServiceRecord,
  findAdminProduct,
  insertColor,
  listAllProducts,
  listAllServices,
  lockCatalogForEdit,
  replaceProductColors,
  updateColorRow,
  updateInstallationTier,
  updateProductRow,
  updateServicePrice,
  updateZebraCollectionRate,
  updateZebraFabricRow,
} from "../../db/repositories/storefront/catalog-admin";
import { AppError, fieldError } from "../../errors";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";
import type { CatalogChanges } from "./catalog-changes";

export type { AdminProductRecord, AdminServiceRecord };

/** Everything the editor shows, withdrawn products and fabrics included. */
export interface AdminCatalog {
  products: AdminProductRecord[];
  colors: ColorInfo[];
  zebraCollections: ZebraCollectionRecord[];
  installationTiers: InstallationTierRecord[];
  services: AdminServiceRecord[];
}

type ZebraFabricRecord = ZebraCollectionRecord["fabrics"][number];

/** "label old → new" for each field that changed. */
function changes(fields: [label: string, before: string, after: string][]): string[] {
  return fields.filter(([, b, a]) => b !== a).map(([label, b, a]) => `${label} ${b} → ${a}`);
}

const quoted = (s: string) => JSON.stringify(s);
const list = (keys: readonly string[]) => (keys.length ? keys.join(", ") : "none");
const onSale = (active: boolean) => (active ? "on sale" : "withdrawn");

export function createCatalogAdminService(deps: {
  db: Db;
  catalogChanges: Pick<CatalogChanges, "changed">;
}) {
  const { db, catalogChanges } = deps;

  /**
   * Runs one edit in a transaction that starts by locking the catalog; signals the change
   * after the commit (decision 171: before it, another process could reload the old rows).
   * An edit that changes nothing writes nothing, audits nothing and signals nothing.
   */
  async function edit<T>(work: (trx: Db) => Promise<{ result: T; changed: boolean }>): Promise<T> {
    const { result, changed } = await db.transaction().execute(async (trx) => {
      await lockCatalogForEdit(trx);
      return work(trx);
    });
    if (changed) await catalogChanges.changed();
    return result;
  }

  async function requireColors(trx: Db, keys: readonly string[]): Promise<void> {
    const known = new Set((await listColors(trx)).map((c) => c.key));
    const unknown = keys.filter((k) => !known.has(k));
    if (unknown.length > 0) {
      throw fieldError(
        "validation_failed",
        "colors",
        `unknown color ${unknown.join(", ")} (add it under Colors first)`,
      );
    }
  }

  async function requireFabric(
    trx: Db,
    slug: string,
  ): Promise<{ collection: ZebraCollectionRecord; fabric: ZebraFabricRecord }> {
    for (const collection of await listZebraCollections(trx)) {
      const fabric = collection.fabrics.find((f) => f.slug === slug);
      if (fabric) return { collection, fabric };
    }
    throw new AppError("not_found", "Zebra fabric not found.");
  }

  return {
    async adminCatalog(): Promise<AdminCatalog> {
      const [products, colors, zebraCollections, installationTiers, services] = await Promise.all([
        listAllProducts(db),
        listColors(db),
        listZebraCollections(db),
        listInstallationTiers(db),
        listAllServices(db),
      ]);
      return { products, colors, zebraCollections, installationTiers, services };
    },

    /** The name of a product of this type that is no longer on sale, or null. */
    async withdrawnProductName(type: string): Promise<string | null> {
      const product = (await listAllProducts(db)).find((p) => p.type === type);
      return product && !product.active ? product.name : null;
    },

    updateProduct(id: number, input: ProductUpdate, actor: Actor): Promise<AdminProductRecord> {
      return edit(async (trx) => {
        const before = await findAdminProduct(trx, id);
        if (!before) throw new AppError("not_found", "Product not found.");
        const after: AdminProductRecord = {
          ...before,
          name: input.name ?? before.name,
          description: input.description ?? before.description,
          rateCentsPerSqFt: input.ratePerSqFt ?? before.rateCentsPerSqFt,
          minimumCents: input.minimumPrice ?? before.minimumCents,
          colors: input.colors ?? before.colors,
          active: input.active ?? before.active,
        };
        const zebra = before.type === "zebra-shades";
        if (zebra && input.colors && input.colors.length > 0) {
          throw fieldError(
            "validation_failed",
            "colors",
            "zebra shades are offered in fabrics (see Zebra fabrics), not colors",
          );
        }
        if (input.colors) await requireColors(trx, input.colors);
        if (!zebra && after.active && after.colors.length === 0) {
          throw fieldError(
            "validation_failed",
            "colors",
            `${after.name} must offer at least one color while it is on sale`,
          );
        }
        const summary = changes([
          ["name", quoted(before.name), quoted(after.name)],
          [
            "rate per sq ft",
            formatMoney(before.rateCentsPerSqFt),
            formatMoney(after.rateCentsPerSqFt),
          ],
          ["minimum", formatMoney(before.minimumCents), formatMoney(after.minimumCents)],
          ["colors", list(before.colors), list(after.colors)],
          ["status", onSale(before.active), onSale(after.active)],
        ]);
        if (before.description !== after.description) summary.push("description edited");
        if (summary.length === 0) return { result: before, changed: false };
        await updateProductRow(trx, id, after);
        if (input.colors && list(input.colors) !== list(before.colors)) {
          await replaceProductColors(trx, id, input.colors);
        }
        await recordAudit(trx, actor, "catalog", `${before.name}: ${summary.join("; ")}`, {
          before,
          after,
        });
        return { result: after, changed: true };
      });
    },

    updateZebraCollection(
      slug: string,
      input: ZebraCollectionUpdate,
      actor: Actor,
    ): Promise<ZebraCollectionRecord> {
      return edit(async (trx) => {
        const before = (await listZebraCollections(trx)).find((c) => c.slug === slug);
        if (!before) throw new AppError("not_found", "Zebra collection not found.");
        const after = { ...before, upchargeCentsPerSqFt: input.ratePerSqFt };
        if (after.upchargeCentsPerSqFt === before.upchargeCentsPerSqFt) {
          return { result: before, changed: false };
        }
        await updateZebraCollectionRate(trx, slug, input.ratePerSqFt);
        await recordAudit(
          trx,
          actor,
          "catalog",
          `Zebra collection ${before.name}: rate per sq ft ${formatMoney(before.upchargeCentsPerSqFt)} → ${formatMoney(after.upchargeCentsPerSqFt)}`,
          {
            before: { slug, upchargeCentsPerSqFt: before.upchargeCentsPerSqFt },
            after: { slug, upchargeCentsPerSqFt: after.upchargeCentsPerSqFt },
          },
        );
        return { result: after, changed: true };
      });
    },

    updateZebraFabric(
      slug: string,
      input: ZebraFabricUpdate,
      actor: Actor,
    ): Promise<ZebraFabricRecord> {
      return edit(async (trx) => {
        const { collection, fabric: before } = await requireFabric(trx, slug);
        const after = {
          ...before,
          name: input.name ?? before.name,
          active: input.active ?? before.active,
        };
        const summary = changes([
          ["name", quoted(before.name), quoted(after.name)],
          ["status", onSale(before.active), onSale(after.active)],
        ]);
        if (summary.length === 0) return { result: before, changed: false };
        await updateZebraFabricRow(trx, slug, after);
        await recordAudit(
          trx,
          actor,
          "catalog",
          `Zebra fabric ${collection.name} · ${before.name} (${before.code}): ${summary.join("; ")}`,
          { before, after },
        );
        return { result: after, changed: true };
      });
    },

    updateInstallationPrices(
      input: InstallationPrices,
      actor: Actor,
    ): Promise<InstallationTierRecord[]> {
      return edit(async (trx) => {
        const before = await listInstallationTiers(trx);
        const priceOf = (tiers: InstallationTierRecord[], max: number | null) =>
          tiers.find((t) => t.maxWidthInches === max)?.cents ?? 0;
        const labels = { upTo60: "up to 60 in", upTo96: "60–96 in", over96: "over 96 in" };
        const keys: readonly (keyof InstallationPrices)[] = ["upTo60", "upTo96", "over96"];
        const summary = changes(
          keys.map((k) => [
            labels[k],
            formatMoney(priceOf(before, INSTALLATION_TIER_WIDTHS[k])),
            formatMoney(input[k]),
          ]),
        );
        if (summary.length === 0) return { result: before, changed: false };
        for (const k of keys)
          await updateInstallationTier(trx, INSTALLATION_TIER_WIDTHS[k], input[k]);
        const after = await listInstallationTiers(trx);
        await recordAudit(trx, actor, "catalog", `Installation: ${summary.join("; ")}`, {
          before,
          after,
        });
        return { result: after, changed: true };
      });
    },

    updateService(id: number, input: ServiceUpdate, actor: Actor): Promise<AdminServiceRecord> {
      return edit(async (trx) => {
        const before = (await listAllServices(trx)).find((s) => s.id === id);
        if (!before) throw new AppError("not_found", "Service not found.");
        const after = { ...before, priceCentsPerUnit: input.pricePerInch };
        if (after.priceCentsPerUnit === before.priceCentsPerUnit) {
          return { result: before, changed: false };
        }
        await updateServicePrice(trx, id, input.pricePerInch);
        await recordAudit(
          trx,
          actor,
          "catalog",
          `${before.name}: price per inch ${formatMoney(before.priceCentsPerUnit)} → ${formatMoney(after.priceCentsPerUnit)}`,
          { before, after },
        );
        return { result: after, changed: true };
      });
    },

    updateColor(key: string, input: ColorUpdate, actor: Actor): Promise<ColorInfo> {
      return edit(async (trx) => {
        const before = (await listColors(trx)).find((c) => c.key === key);
        if (!before) throw new AppError("not_found", "Color not found.");
        const after = { ...before, name: input.name ?? before.name, hex: input.hex ?? before.hex };
        const summary = changes([
          ["name", quoted(before.name), quoted(after.name)],
          ["hex", before.hex, after.hex],
        ]);
        if (summary.length === 0) return { result: before, changed: false };
        await updateColorRow(trx, key, after);
        await recordAudit(trx, actor, "catalog", `Color ${key}: ${summary.join("; ")}`, {
          before,
          after,
        });
        return { result: after, changed: true };
      });
    },

    addColor(input: ColorCreate, actor: Actor): Promise<ColorInfo> {
      return edit(async (trx) => {
        if ((await listColors(trx)).some((c) => c.key === input.key)) {
          throw fieldError("conflict", "key", `the color ${input.key} exists already`);
        }
        await insertColor(trx, input);
        await recordAudit(
          trx,
          actor,
          "catalog",
          `Color ${input.key} added: ${quoted(input.name)} ${input.hex}`,
          { after: input },
        );
        return { result: { ...input }, changed: true };
      });
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
