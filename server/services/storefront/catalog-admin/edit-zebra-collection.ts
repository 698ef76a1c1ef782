import { formatMoney } from "../../../../domain/shared/money";
import type { ZebraCollectionUpdate } from "../../../../domain/storefront/catalog-admin-schema";
import {
  listZebraCollections,
  type ZebraCollectionRecord,
} from "../../../db/repositories/storefront/catalog";
import { updateZebraCollectionRate } from "../../../db/repositories/storefront/catalog-admin";
import { AppError } from "../../../errors";
import type { Actor } from "../../people/actor";
import { recordAudit } from "../../people/audit";
import { type CatalogAdminDeps, edit } from "./shared";

export function editZebraCollection(
  deps: CatalogAdminDeps,
  slug: string,
  input: ZebraCollectionUpdate,
  actor: Actor,
): Promise<ZebraCollectionRecord> {
  return edit(deps, async (trx) => {
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
}
