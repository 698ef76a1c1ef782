/**
 * Every problem of a checkout form at once (issue 13 item 8): each field's message, blank
 * required fields included, and the ZIP's service-area check beside the others rather than
 * after them. The page marks every field it names; the service still checks the ZIP itself.
 */
import { type BusinessFacts, isServiceZip } from "./business";
import { hasMissingRequiredField } from "./checkout-fields";
import { customerInfoSchema } from "./checkout-schema";
import type { Fulfilment } from "./fulfilment";
import { outsideAreaLine } from "./promises";

export interface CheckoutProblems {
  /** Field name → the message shown under it, in the form's order. */
  fieldErrors: Record<string, string>;
  /** True when a SPEC.md-required field is blank: the toast says "Missing Information". */
  missing: boolean;
}

const FIELD_ORDER = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "zipCode",
  "visitWindow",
  "specialInstructions",
];

/** In the words of the order's fulfilment when it is known (decision 245). */
export function outsideServiceAreaMessage(
  facts: Pick<BusinessFacts, "county" | "phone">,
  zip: string,
  fulfilment?: Fulfilment,
): string {
  return outsideAreaLine(facts, zip, fulfilment);
}

export function checkoutProblems(
  customer: Record<string, unknown>,
  facts: Pick<BusinessFacts, "county" | "phone" | "serviceZipCodes">,
  fulfilment?: Fulfilment,
): CheckoutProblems {
  const found: Record<string, string> = {};
  const parsed = customerInfoSchema.safeParse(customer);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[issue.path.length - 1] ?? "");
      found[field] ??= issue.message;
    }
  }
  const zip = typeof customer.zipCode === "string" ? customer.zipCode.trim() : "";
  if (!found.zipCode && zip && !isServiceZip(facts, zip)) {
    found.zipCode = outsideServiceAreaMessage(facts, zip, fulfilment);
  }
  const fieldErrors: Record<string, string> = {};
  for (const name of [...FIELD_ORDER, ...Object.keys(found)]) {
    if (found[name] && !fieldErrors[name]) fieldErrors[name] = found[name];
  }
  return { fieldErrors, missing: hasMissingRequiredField(customer) };
}
