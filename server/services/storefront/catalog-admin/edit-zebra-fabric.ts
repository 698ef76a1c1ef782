import type { ZebraFabricUpdate } from "../../../../domain/storefront/catalog-admin-schema";
import { updateZebraFabricRow } from "../../../db/repositories/storefront/catalog-admin";
import type { Actor } from "../../people/actor";
import { recordAudit } from "../../people/audit";
import {
  type CatalogAdminDeps,
  changes,
  edit,
  onSale,
  quoted,
  requireFabric,
  type ZebraFabricRecord,
} from "./shared";

export function editZebraFabric(
  deps: CatalogAdminDeps,
  slug: string,
  input: ZebraFabricUpdate,
  actor: Actor,
): Promise<ZebraFabricRecord> {
  return edit(deps, async (trx) => {
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
}
