import { findVisitById } from "../../../db/repositories/scheduling/visits";
import type { ServiceDeps } from "../../deps";
import { type VisitView, viewOf } from "./shared";

/** One visit as the lists show it, or null. */
export async function findVisit(deps: ServiceDeps, id: number): Promise<VisitView | null> {
  const { db } = deps;

  return (await findVisitById(db, id)) ? viewOf(deps, id) : null;
}
