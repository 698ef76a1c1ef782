import { formatMoney } from "../../../../domain/shared/money";
import type { ProductUpdate } from "../../../../domain/storefront/catalog-admin-schema";
import {
  type AdminProductRecord,
  findAdminProduct,
  replaceProductColors,
  updateProductRow,
} from "../../../db/repositories/storefront/catalog-admin";
import { AppError, fieldError } from "../../../errors";
import type { Actor } from "../../people/actor";
import { recordAudit } from "../../people/audit";
import {
  type CatalogAdminDeps,
  changes,
  edit,
  list,
  onSale,
  quoted,
  requireColors,
} from "./shared";

export function editProduct(
  deps: CatalogAdminDeps,
  id: number,
  input: ProductUpdate,
  actor: Actor,
): Promise<AdminProductRecord> {
  return edit(deps, async (trx) => {
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
      ["rate per sq ft", formatMoney(before.rateCentsPerSqFt), formatMoney(after.rateCentsPerSqFt)],
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
}
