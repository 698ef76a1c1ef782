import type { Language } from "../../../../domain/i18n/language";
import { seesOnlyOwnVisits } from "../../../../domain/people/permissions";
import { type CustomerContact, contactFromRow } from "../../../db/customer-contact";
import { findOrderById } from "../../../db/repositories/orders/orders";
import { findEstimateRequestById } from "../../../db/repositories/requests/estimate-requests";
import { findVisitById } from "../../../db/repositories/scheduling/visits";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { FieldWorker } from "../../people/field-access";
import { assertMayBuild, visitContact } from "./shared";

/**
 * The customer of a new quote started from an estimate request, a visit or an order (the
 * builder's first fields); null from scratch, where the builder starts empty.
 */
export async function prefillQuote(
  deps: ServiceDeps,
  links: {
    estimateId: number | null;
    visitId: number | null;
    orderId: number | null;
  },
  worker: FieldWorker,
): Promise<(CustomerContact & { language: Language }) | null> {
  const { db } = deps;

  // An installer sees only the customers of his own visits, as when he saves the quote.
  if (
    seesOnlyOwnVisits(worker.role) &&
    (links.estimateId !== null || links.visitId !== null || links.orderId !== null)
  ) {
    await assertMayBuild(deps, worker, links);
  }
  if (links.estimateId !== null) {
    const e = await findEstimateRequestById(db, links.estimateId);
    if (!e) throw new AppError("not_found", "Estimate request not found.");
    // An estimate request keeps no language.
    return { ...contactFromRow(e), language: "en" };
  }
  let orderId = links.orderId;
  if (links.visitId !== null) {
    const visit = await findVisitById(db, links.visitId);
    if (!visit) throw new AppError("not_found", "Visit not found.");
    // A visit booked before any order holds the contact typed at booking.
    if (visit.order_id === null) return visitContact(visit);
    orderId = visit.order_id;
  }
  if (orderId !== null) {
    const o = await findOrderById(db, orderId);
    if (!o) throw new AppError("not_found", "Order not found.");
    return { ...contactFromRow(o), language: o.language };
  }
  return null;
}
