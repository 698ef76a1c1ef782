import { propertyOf } from "../shared/property-of";
/** The checkout form's visit windows and required fields, free of zod; used by checkout-schema.ts. */
export const VISIT_WINDOWS = ["weekday-mornings", "weekday-afternoons", "saturday"] as const;
export type VisitWindow = (typeof VISIT_WINDOWS)[number];
export const VISIT_WINDOW_LABELS: Record<VisitWindow, string> = {
  "weekday-mornings": "Weekday mornings",
  "weekday-afternoons": "Weekday afternoons",
  saturday: "Saturday",
};

/** The customer's fields' labels (the forms' labels for the schema's messages). */
export const CUSTOMER_FIELD_LABELS = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  address: "Street address",
  city: "City",
  zipCode: "ZIP code",
};

/** Fields spec §5 requires; any of them empty gives 'Missing Information'. */
export const REQUIRED_CHECKOUT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "city",
  "zipCode",
] as const;

export const MISSING_INFORMATION = {
  title: "Missing Information",
  description: "Please fill in all required fields.",
};

/** True when any spec-required field is blank (→ 'Missing Information'). */
export function hasMissingRequiredField(values: unknown): boolean {
  return REQUIRED_CHECKOUT_FIELDS.some((name) => {
    const v = propertyOf(values, name);
    return typeof v !== "string" || v.trim() === "";
  });
}
