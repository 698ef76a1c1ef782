/**
 * Every problem of a checkout submission at once, from ONE parse of the order schema: each
 * field's message (blank required fields included) and, beside them, the ZIP's service area
 * (the list of ZIP codes is the server's, so the browser cannot check it). Keyed by the
 * submission's paths ("customerInfo.zipCode"), like the API's `fields`.
 */
import { type BusinessFacts, serviceAreaProblem } from "../shared/business";
import { fieldsFromIssues } from "../shared/form-messages";
import { propertyOf } from "../shared/property-of";
import { hasMissingRequiredField } from "./checkout-fields";
import { type OrderSubmission, orderSubmissionSchema } from "./checkout-schema";

export type CheckoutCheck =
  | { ok: true; submission: OrderSubmission }
  | {
      ok: false;
      /** Field path → its message. */
      fields: Record<string, string>;
      /** True when a spec-required field is blank: the toast says "Missing Information". */
      missing: boolean;
    };

export function checkCheckout(
  raw: { customerInfo?: unknown; totals?: unknown },
  facts: Pick<BusinessFacts, "county" | "phone" | "serviceZipCodes">,
): CheckoutCheck {
  const parsed = orderSubmissionSchema.safeParse(raw);
  // A well-formed submission's ZIP is checked by the service (422 outside_service_area).
  if (parsed.success) return { ok: true, submission: parsed.data };
  const fields = fieldsFromIssues(parsed.error.issues);
  const rawZip = propertyOf(raw.customerInfo, "zipCode");
  const zip = typeof rawZip === "string" ? rawZip.trim() : "";
  if (zip && !fields["customerInfo.zipCode"]) {
    const outside = serviceAreaProblem(facts, zip);
    if (outside) fields["customerInfo.zipCode"] = outside;
  }
  return { ok: false, fields, missing: hasMissingRequiredField(raw.customerInfo) };
}
