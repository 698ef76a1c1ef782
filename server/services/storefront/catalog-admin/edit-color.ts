import type { ColorUpdate } from "../../../../domain/storefront/catalog-admin-schema";
import type { ColorInfo } from "../../../../domain/storefront/colors";
import { listColors } from "../../../db/repositories/storefront/catalog";
import { updateColorRow } from "../../../db/repositories/storefront/catalog-admin";
import { AppError } from "../../../errors";
import type { Actor } from "../../people/actor";
import { recordAudit } from "../../people/audit";
import { type CatalogAdminDeps, changes, edit, quoted } from "./shared";

export function editColor(
  deps: CatalogAdminDeps,
  key: string,
  input: ColorUpdate,
  actor: Actor,
): Promise<ColorInfo> {
  return edit(deps, async (trx) => {
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
}
