import { findOrderByReference } from "../../../db/repositories/orders/orders";
import type { ServiceDeps } from "../../deps";
import { type NextVisit, nextVisit } from "./shared";

/** The order-status page's next visit (the reference is the customer's key). */
export async function nextVisitForReference(
  deps: ServiceDeps,
  reference: string,
): Promise<NextVisit | null> {
  const { db } = deps;

  const order = await findOrderByReference(db, reference.trim().toUpperCase());
  if (!order || order.status === "completed" || order.status === "cancelled") return null;
  return nextVisit(deps, order.id);
}
