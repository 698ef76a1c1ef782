import { formatMoney } from "../../../../domain/shared/money";
import type { ServiceUpdate } from "../../../../domain/storefront/catalog-admin-schema";
import {
  type AdminServiceRecord,
  listAllServices,
  updateServicePrice,
} from "../../../db/repositories/storefront/catalog-admin";
import { AppError } from "../../../errors";
import type { Actor } from "../../people/actor";
import { recordAudit } from "../../people/audit";
import { type CatalogAdminDeps, edit } from "./shared";

export function editService(
  deps: CatalogAdminDeps,
  id: number,
  input: ServiceUpdate,
  actor: Actor,
): Promise<AdminServiceRecord> {
  return edit(deps, async (trx) => {
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
}
