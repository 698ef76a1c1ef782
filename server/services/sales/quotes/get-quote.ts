import {
  findSignature,
  listQuoteEvents,
  listQuoteReminders,
} from "../../../db/repositories/sales/quotes";
import type { ServiceDeps } from "../../deps";
import type { FieldWorker } from "../../people/field-access";
import { link, type QuoteDetail, reachable, view } from "./shared";

export async function getQuoteDetail(
  deps: ServiceDeps,
  id: number,
  worker: FieldWorker,
): Promise<QuoteDetail> {
  const { db } = deps;

  const quote = await reachable(deps, worker, id);
  const [v, events, reminders, signature] = await Promise.all([
    view(deps, db, quote),
    listQuoteEvents(db, id),
    listQuoteReminders(db, id),
    findSignature(db, id),
  ]);
  return {
    ...v,
    events: events.map((e) => ({
      kind: e.kind,
      summary: e.summary,
      actor: e.actor,
      at: e.created_at,
    })),
    reminders,
    signature: signature
      ? {
          name: signature.signature_name,
          signedAt: signature.signed_at,
          sha256: signature.shown_sha256,
          orderId: signature.order_id,
          choices: signature.choices,
        }
      : null,
    link: link(deps, quote.token),
  };
}
