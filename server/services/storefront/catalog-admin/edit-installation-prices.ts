import { formatMoney } from "../../../../domain/shared/money";
import type { InstallationPrices } from "../../../../domain/storefront/catalog-admin-schema";
import { INSTALLATION_TIER_WIDTHS } from "../../../../domain/storefront/catalog-admin-schema";
import {
  type InstallationTierRecord,
  listInstallationTiers,
} from "../../../db/repositories/storefront/catalog";
import { updateInstallationTier } from "../../../db/repositories/storefront/catalog-admin";
import type { Actor } from "../../people/actor";
import { recordAudit } from "../../people/audit";
import { type CatalogAdminDeps, changes, edit } from "./shared";

export function editInstallationPrices(
  deps: CatalogAdminDeps,
  input: InstallationPrices,
  actor: Actor,
): Promise<InstallationTierRecord[]> {
  return edit(deps, async (trx) => {
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
    for (const k of keys) await updateInstallationTier(trx, INSTALLATION_TIER_WIDTHS[k], input[k]);
    const after = await listInstallationTiers(trx);
    await recordAudit(trx, actor, "catalog", `Installation: ${summary.join("; ")}`, {
      before,
      after,
    });
    return { result: after, changed: true };
  });
}
