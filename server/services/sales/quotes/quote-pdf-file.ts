import type { ServiceDeps } from "../../deps";
import type { FieldWorker } from "../../people/field-access";
import { renderQuotePdf } from "../quote-pdf";
import { reachable, view } from "./shared";

/** The quote's PDF as sent (no optional item counted). */
export async function quotePdfFile(
  deps: ServiceDeps,
  id: number,
  worker: FieldWorker,
): Promise<{ label: string; pdf: Buffer }> {
  const { db, config } = deps;
  const business = config.business;

  const quote = await reachable(deps, worker, id);
  const v = await view(deps, db, quote);
  return { label: v.label, pdf: await renderQuotePdf({ view: v, business, totals: v.totals }) };
}
