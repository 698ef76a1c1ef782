import { findOrderByReference } from "../../../db/repositories/orders/orders";
import type { ServiceDeps } from "../../deps";
import { isOrderReference, type PublicOrder, publicOrder } from "./shared";

/** The private status page's view, or null for an unknown reference. */
export async function findPublicOrder(
  deps: ServiceDeps,
  reference: string,
): Promise<PublicOrder | null> {
  const { db } = deps;

  const normalized = reference.trim().toUpperCase();
  if (!isOrderReference(normalized)) return null;
  const order = await findOrderByReference(db, normalized);
  return order ? publicOrder(deps, db, order) : null;
}
