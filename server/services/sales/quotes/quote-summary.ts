import { storeToday } from "../../../../domain/scheduling/visit-time";
import { quoteFigures } from "../../../db/repositories/sales/quotes";
import type { ServiceDeps } from "../../deps";
import { storeDayStart } from "../../people/audit";

/** The dashboard's figures for the month that holds `today` (store time). */
export async function quoteSummary(deps: ServiceDeps, today: string = storeToday()) {
  const { db } = deps;

  const monthStart = storeDayStart(`${today.slice(0, 7)}-01`);
  const f = await quoteFigures(db, monthStart);
  return {
    sentThisMonth: f.sent,
    acceptedThisMonth: f.accepted,
    closeRate: f.answered === 0 ? null : Math.round((f.accepted / f.answered) * 100),
    waitingCount: f.waitingCount,
    waitingCents: f.waitingCents,
    /** Windows offered in tiers that sold this month, by the tier sold (decision 572). */
    tiersSold: f.tiersSold,
  };
}
