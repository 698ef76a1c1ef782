/** A line in the order's history, written by the signed-in person at the change's moment. */

import type { Db } from "../../db/database";
import { insertOrderEvent, type NewOrderEvent } from "../../db/repositories/orders/order-events";
import type { Actor } from "../people/actor";

export function recordOrderEvent(
  trx: Db,
  event: Omit<NewOrderEvent, "actor" | "staffId" | "at">,
  actor: Actor,
  at: string,
): Promise<void> {
  return insertOrderEvent(trx, { ...event, actor: actor.label, staffId: actor.staffId, at });
}
