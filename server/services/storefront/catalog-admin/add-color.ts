import type { ColorCreate } from "../../../../domain/storefront/catalog-admin-schema";
import type { ColorInfo } from "../../../../domain/storefront/colors";
import { listColors } from "../../../db/repositories/storefront/catalog";
import { insertColor } from "../../../db/repositories/storefront/catalog-admin";
import { fieldError } from "../../../errors";
import type { Actor } from "../../people/actor";
import { recordAudit } from "../../people/audit";
import { type CatalogAdminDeps, edit, quoted } from "./shared";

export function addColor(
  deps: CatalogAdminDeps,
  input: ColorCreate,
  actor: Actor,
): Promise<ColorInfo> {
  return edit(deps, async (trx) => {
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
}
