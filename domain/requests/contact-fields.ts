/** The contact form's methods and limits, free of zod; used by contact-schema.ts. */
export const CONTACT_METHODS = [
  { value: "email", label: "Email" },
  { value: "phone", label: "Phone call" },
  { value: "text", label: "Text message" },
] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number]["value"];

export const CONTACT_LIMITS = {
  nameMax: 60,
  phoneMax: 30,
  subjectMin: 2,
  subjectMax: 120,
  messageMin: 10,
  messageMax: 5000,
} as const;
