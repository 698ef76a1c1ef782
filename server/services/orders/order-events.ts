/** A line in the order's history, written by the signed-in person at the change's moment. */

import type { AuditKind } from "../../../domain/people/staff-schema";
import type { Db } from "../../db/database";
import { insertOrderEvent, type NewOrderEvent } from "../../db/repositories/orders/order-events";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";

export function recordOrderEvent(
  trx: Db,
  event: Omit<NewOrderEvent, "actor" | "staffId" | "at">,
  actor: Actor,
  at: string,
): Promise<void> {
  return insertOrderEvent(trx, { ...event, actor: actor.label, staffId: actor.staffId, at });
}

/**
 * The two records a back-office change of an order leaves: the line in the order's history and
 * the entry in the audit log (`audit`), written by the same person at the same moment.
 */
export async function recordOrderChange(
  trx: Db,
  actor: Actor,
  at: string,
  change: Omit<NewOrderEvent, "actor" | "staffId" | "at"> & {
    audit: { kind: AuditKind; summary: string; details?: { before?: unknown; after?: unknown } };
  },
): Promise<void> {
  const { audit, ...event } = change;
  await recordOrderEvent(trx, event, actor, at);
  await recordAudit(trx, actor, audit.kind, audit.summary, audit.details);
}
