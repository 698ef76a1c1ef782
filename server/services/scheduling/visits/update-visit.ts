import type { VisitUpdate } from "../../../../domain/shared/back-office-schema";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../../people/actor";
import { changeVisit, type VisitView, viewOf } from "./shared";

/** PATCH /api/admin/visits/:id: any visit, wherever it was booked. */
export async function updateVisit(
  deps: ServiceDeps,
  id: number,
  input: VisitUpdate,
  actor: Actor,
): Promise<VisitView> {
  const { db, emails } = deps;

  const emailed = await db
    .transaction()
    .execute((trx) => changeVisit(deps, trx, id, input, { actor }));
  if (emailed) emails.kick();
  return viewOf(deps, id);
}
