import { describe, expect, it } from "vitest";
import { customerInfoSchema } from "../orders/checkout-schema";
import { contactInputSchema } from "../requests/contact-schema";
import { reviewInputSchema } from "../storefront/review-schema";
import { hasVisibleText } from "./visible-text";

/** Names that pass `.trim()` and a length check but show nothing. */
const INVISIBLE_NAMES: [string, string][] = [
  ["zero-width spaces", "\u200B\u200B\u200B"],
  ["zero-width joiner and non-joiner", "\u200D\u200C\u200D"],
  ["left-to-right and right-to-left marks", "\u200E\u200F\u200E"],
  ["bidi embeddings and override", "\u202A\u202B\u202E\u202C"],
  ["bidi isolates", "\u2066\u2067\u2068\u2069"],
  ["word joiner and invisible operators", "\u2060\u2062\u2063"],
  ["byte-order mark", "\uFEFF\uFEFF"],
  ["soft hyphens", "\u00AD\u00AD"],
  ["Hangul fillers", "\u3164\u3164\uFFA0"],
  ["Braille blank", "\u2800\u2800"],
  ["combining marks without a letter", "\u0301\u0308\u0327"],
  ["mongolian vowel separator and spaces", "\u180E \u2003\u3000"],
  ["a mix with tabs", "\u200B\t\u200F\u00A0"],
];

const VISIBLE_NAMES: [string, string][] = [
  ["plain", "Dana"],
  ["accented", "José"],
  ["combining accent on a letter", "Jose\u0301"],
  ["Arabic with a right-to-left mark", "\u200Fسارة"],
  ["Chinese", "李娜"],
  ["Hangul", "지민"],
  ["apostrophe and hyphen", "O'Neil-Smith"],
  ["with a zero-width joiner inside", "Ann\u200Da"],
];

describe("hasVisibleText", () => {
  it.each(INVISIBLE_NAMES)("refuses %s", (_name, value) => {
    expect(hasVisibleText(value)).toBe(false);
  });
  it.each(VISIBLE_NAMES)("accepts %s", (_name, value) => {
    expect(hasVisibleText(value)).toBe(true);
  });
});

const customer = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  phone: "(239) 555-0142",
  address: "12 Periwinkle Way",
  city: "Fort Myers",
  state: "FL",
  zipCode: "33901",
};
const contact = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  phone: "",
  subject: "Shutters",
  message: "Please call me about shutters for two windows.",
  preferredContactMethod: "email",
};
const review = {
  customerName: "Dana R.",
  customerEmail: "dana@example.com",
  reviewText: "Careful measuring and a tidy installation, thank you.",
  rating: 5,
};

/** Every name field of the domain: schema, valid input, field. */
const NAME_FIELDS = [
  ["checkout", customerInfoSchema, customer, "firstName"],
  ["checkout", customerInfoSchema, customer, "lastName"],
  ["contact", contactInputSchema, contact, "firstName"],
  ["contact", contactInputSchema, contact, "lastName"],
  ["reviews", reviewInputSchema, review, "customerName"],
] as const;

describe.each(NAME_FIELDS)("%s %s", (_form, schema, valid, field) => {
  it("accepts the valid input it is tested against", () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });
  it.each(INVISIBLE_NAMES)(`refuses a ${field} of %s with a clear message`, (_name, value) => {
    const result = schema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toMatch(/visible letters|required|characters/);
  });
  it("names the invisible-only case in its message", () => {
    const result = schema.safeParse({ ...valid, [field]: "\u200B\u200B\u200B\u200B" });
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toMatch(/must contain visible letters, not only invisible characters/);
  });
  it.each(VISIBLE_NAMES)(`accepts a ${field} that is %s`, (_name, value) => {
    const result = schema.safeParse({ ...valid, [field]: value });
    expect(result.error?.issues ?? []).toEqual([]);
  });
});
