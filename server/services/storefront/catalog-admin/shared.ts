import type { ColorInfo } from "../../../../domain/storefront/colors";
import type { Db } from "../../../db/database";
import {
  type InstallationTierRecord,
  listColors,
  listZebraCollections,
  type ZebraCollectionRecord,
} from "../../../db/repositories/storefront/catalog";
import {
  type AdminProductRecord,
  type AdminServiceRecord,
  lockCatalogForEdit,
} from "../../../db/repositories/storefront/catalog-admin";
import { AppError, fieldError } from "../../../errors";
import type { CatalogChanges } from "../catalog-changes";

/** Everything the editor shows, withdrawn products and fabrics included. */
export interface AdminCatalog {
  products: AdminProductRecord[];
  colors: ColorInfo[];
  zebraCollections: ZebraCollectionRecord[];
  installationTiers: InstallationTierRecord[];
  services: AdminServiceRecord[];
}

export type ZebraFabricRecord = ZebraCollectionRecord["fabrics"][number];

/** "label old → new" for each field that changed. */
export function changes(fields: [label: string, before: string, after: string][]): string[] {
  return fields.filter(([, b, a]) => b !== a).map(([label, b, a]) => `${label} ${b} → ${a}`);
}

export const quoted = (s: string) => JSON.stringify(s);

export const list = (keys: readonly string[]) => (keys.length ? keys.join(", ") : "none");

export const onSale = (active: boolean) => (active ? "on sale" : "withdrawn");

/** What the catalog editor's use cases receive. */
export interface CatalogAdminDeps {
  db: Db;
  catalogChanges: Pick<CatalogChanges, "changed">;
}

/**
 * Runs one edit in a transaction that starts by locking the catalog; signals the change
 * after the commit (decision 171: before it, another process could reload the old rows).
 * An edit that changes nothing writes nothing, audits nothing and signals nothing.
 */
export async function edit<T>(
  deps: CatalogAdminDeps,
  work: (trx: Db) => Promise<{ result: T; changed: boolean }>,
): Promise<T> {
  const { db, catalogChanges } = deps;

  const { result, changed } = await db.transaction().execute(async (trx) => {
    await lockCatalogForEdit(trx);
    return work(trx);
  });
  if (changed) await catalogChanges.changed();
  return result;
}

export async function requireColors(trx: Db, keys: readonly string[]): Promise<void> {
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

export async function requireFabric(
  trx: Db,
  slug: string,
): Promise<{ collection: ZebraCollectionRecord; fabric: ZebraFabricRecord }> {
  for (const collection of await listZebraCollections(trx)) {
    const fabric = collection.fabrics.find((f) => f.slug === slug);
    if (fabric) return { collection, fabric };
  }
  throw new AppError("not_found", "Zebra fabric not found.");
}
