import { describe, expect, it } from "vitest";
import { SAMPLE_CONTACT_MESSAGE as valid } from "../../tests/support/sample-items";
import { contactFormToObject, contactInputSchema } from "./contact-schema";

describe("contactInputSchema", () => {
  it("accepts a full message", () => {
    expect(contactInputSchema.parse(valid)).toEqual({ ...valid, website: undefined });
  });

  it("makes phone optional when the answer goes by email, and defaults the method", () => {
    const out = contactInputSchema.parse({
      ...valid,
      phone: "",
      preferredContactMethod: undefined,
    });
    expect(out.phone).toBeNull();
    expect(out.preferredContactMethod).toBe("email");
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["first name missing", { firstName: "" }, "firstName"],
    ["first name blank", { firstName: "   " }, "firstName"],
    ["last name too long", { lastName: "x".repeat(61) }, "lastName"],
    ["email invalid", { email: "dana@" }, "email"],
    ["phone letters", { phone: "call me" }, "phone"],
    ["phone too short", { phone: "12-34" }, "phone"],
    ["phone needed for a call", { phone: "", preferredContactMethod: "phone" }, "phone"],
    ["phone needed for a text", { phone: null, preferredContactMethod: "text" }, "phone"],
    ["subject too short", { subject: "x" }, "subject"],
    ["subject too long", { subject: "x".repeat(121) }, "subject"],
    ["message too short", { message: "Hi there" }, "message"],
    ["message too long", { message: "x".repeat(5001) }, "message"],
    ["unknown method", { preferredContactMethod: "fax" }, "preferredContactMethod"],
  ];
  it.each(bad)("rejects %s", (_label, change, field) => {
    const result = contactInputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain(field);
  });

  it("reads form data with only the known fields", () => {
    const form = new FormData();
    form.set("firstName", "Dana");
    form.set("intent", "ignored");
    expect(contactFormToObject(form)).toEqual({ firstName: "Dana" });
  });
});
