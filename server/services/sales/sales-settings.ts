/**
 * The owner's sales settings: deposit, cancellation
 * days, validity, maximum discount and booking horizon; any subset changes at once, audited.
 */
import type { SalesSettingsInput } from "../../../domain/sales/quote-schema";
import {
  findSalesSettings,
  type SalesSettings,
  saveSalesSettings,
} from "../../db/repositories/people/back-office-settings";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";

const SETTING_NAMES: readonly (keyof SalesSettings)[] = [
  "depositPercent",
  "cancelBusinessDays",
  "quoteValidDays",
  "maxDiscountPercent",
  "bookingHorizonDays",
];

export function createSalesSettingsService(deps: Pick<ServiceDeps, "db">) {
  const { db } = deps;
  return {
    get: (): Promise<SalesSettings> => findSalesSettings(db),

    async update(actor: Actor, input: SalesSettingsInput): Promise<SalesSettings> {
      const asked = SETTING_NAMES.filter((k) => input[k] !== undefined);
      if (asked.length === 0) return findSalesSettings(db);
      return db.transaction().execute(async (trx) => {
        const before = await findSalesSettings(trx);
        await saveSalesSettings(trx, input);
        const after = await findSalesSettings(trx);
        const changed = asked.filter((k) => before[k] !== after[k]);
        if (changed.length > 0) {
          await recordAudit(
            trx,
            actor,
            "settings",
            `Sales settings changed: ${changed.map((k) => `${k} ${before[k]} → ${after[k]}`).join(", ")}`,
            {
              before: Object.fromEntries(changed.map((k) => [k, before[k]])),
              after: Object.fromEntries(changed.map((k) => [k, after[k]])),
            },
          );
        }
        return after;
      });
    },
  };
}

export type SalesSettingsService = ReturnType<typeof createSalesSettingsService>;
