import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors, fieldsFromIssues, labelFields, labelMessage } from "./form-messages";

describe("fieldErrors", () => {
  it("keeps the first message per field and names the field by its label", () => {
    expect(
      fieldErrors(
        [
          { path: ["customerName"], message: "customerName must be 2–80 characters" },
          { path: ["customerName"], message: "second" },
          { path: ["email"], message: "Something else" },
          { path: [], message: "ignored" },
        ],
        { customerName: "Your name" },
      ),
    ).toEqual({ customerName: "Your name must be 2–80 characters", email: "Something else" });
  });
});

describe("fieldsFromIssues: zod issues → the fields map", () => {
  const schema = z.object({
    customerInfo: z.object({
      email: z.email("Enter an email address"),
      zipCode: z.string().regex(/^\d{5}$/, "Enter a 5-digit ZIP code"),
    }),
    items: z.array(z.object({ width: z.number().min(12, "width must be at least 12") })),
  });

  it("keys each message by the field's dotted path, first message per field, schema order", () => {
    const parsed = schema.safeParse({
      customerInfo: { email: "nope", zipCode: "1" },
      items: [{ width: 20 }, { width: 2 }],
    });
    expect(parsed.success).toBe(false);
    expect(fieldsFromIssues(parsed.error?.issues ?? [])).toEqual({
      "customerInfo.email": "Enter an email address",
      "customerInfo.zipCode": "Enter a 5-digit ZIP code",
      "items.1.width": "width must be at least 12",
    });
  });

  it("leaves an issue about the whole input out of the fields", () => {
    expect(
      fieldsFromIssues([
        { path: [], message: "Expected object" },
        { path: ["a"], message: "first" },
        { path: ["a"], message: "second" },
      ]),
    ).toEqual({ a: "first" });
  });
});

describe("labelFields and labelMessage", () => {
  it("puts the label in place of the wire name the message starts with, and renames paths", () => {
    expect(
      labelMessage("subject", "subject must be 2–120 characters", { subject: "Subject" }),
    ).toBe("Subject must be 2–120 characters");
    expect(labelMessage("subject", "Too short", { subject: "Subject" })).toBe("Too short");
    expect(
      labelFields(
        { "customerInfo.zipCode": "Enter a ZIP", "customerInfo.email": "email is required" },
        { email: "Email" },
        (p) => p.replace(/^customerInfo\./, ""),
      ),
    ).toEqual({ zipCode: "Enter a ZIP", email: "Email is required" });
  });
});
