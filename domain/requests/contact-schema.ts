/**
 * Contact message input: one schema for the
 * /contact page action, its form and POST /api/contact. `website` is a honeypot.
 */

// First: zod is told to run jitless in the browser before any schema below is built.
import "../shared/zod-in-browser";
import { z } from "zod";
import { hasVisibleText, invisibleNameMessage } from "../shared/visible-text";
import { emailSchema, honeypotSchema } from "../storefront/review-schema";
import { CONTACT_LIMITS, CONTACT_METHODS } from "./contact-fields";

export { CONTACT_LIMITS, CONTACT_METHODS, type ContactMethod } from "./contact-fields";

const METHOD_VALUES = CONTACT_METHODS.map((m) => m.value);

function requiredText(label: string, min: number, max: number) {
  const range = min > 1 ? `${min}–${max} characters` : `at most ${max} characters`;
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(min, `${label} must be ${range}`)
    .max(max, `${label} must be ${range}`);
}

export const contactInputSchema = z
  .object({
    firstName: requiredText("firstName", 1, CONTACT_LIMITS.nameMax).refine(
      hasVisibleText,
      invisibleNameMessage("firstName"),
    ),
    lastName: requiredText("lastName", 1, CONTACT_LIMITS.nameMax).refine(
      hasVisibleText,
      invisibleNameMessage("lastName"),
    ),
    email: emailSchema("email"),
    phone: z
      .string({ error: "phone must be text" })
      .trim()
      .max(CONTACT_LIMITS.phoneMax, `phone must be at most ${CONTACT_LIMITS.phoneMax} characters`)
      .refine(
        (v) => v === "" || (/^[0-9()+\-. ]+$/.test(v) && v.replace(/\D/g, "").length >= 7),
        "phone must be a phone number such as (239) 555-0100",
      )
      .nullish()
      .transform((v) => (v ? v : null)),
    subject: requiredText("subject", CONTACT_LIMITS.subjectMin, CONTACT_LIMITS.subjectMax),
    message: requiredText("message", CONTACT_LIMITS.messageMin, CONTACT_LIMITS.messageMax),
    preferredContactMethod: z
      .enum(METHOD_VALUES, { error: "preferredContactMethod must be email, phone or text" })
      .default("email"),
    website: honeypotSchema,
  })
  .superRefine((v, ctx) => {
    if (v.preferredContactMethod !== "email" && !v.phone) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message: `phone is required when you would like a ${v.preferredContactMethod === "text" ? "text message" : "phone call"}`,
      });
    }
  });

export type ContactInput = z.output<typeof contactInputSchema>;
export type ContactField = keyof z.input<typeof contactInputSchema>;

/** Form data (strings) → the plain object the schema parses. */
export function contactFormToObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [
    "firstName",
    "lastName",
    "email",
    "phone",
    "subject",
    "message",
    "preferredContactMethod",
    "website",
  ]) {
    const value = form.get(key);
    if (typeof value === "string") out[key] = value;
  }
  return out;
}
