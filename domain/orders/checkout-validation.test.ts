import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../shared/business";
import { orderSubmissionFromForm } from "./checkout-schema";
import { checkCheckout } from "./checkout-validation";

const valid = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  phone: "(239) 555-0100",
  address: "12 Palm Ave",
  city: "Cape Coral",
  state: "FL",
  zipCode: "33904",
};
const totals = { subtotal: 1, multipleBlindDiscount: 0, shipping: 0, tax: 0, total: 1 };

function check(customer: Record<string, unknown>) {
  return checkCheckout({ customerInfo: customer, totals }, DEFAULT_BUSINESS);
}

function fields(customer: Record<string, unknown>) {
  const out = check(customer);
  return out.ok ? {} : out.fields;
}

describe("checkCheckout", () => {
  it("passes a valid form (its ZIP's area is the service's to check)", () => {
    expect(check(valid).ok).toBe(true);
    expect(check({ ...valid, zipCode: "10001" }).ok).toBe(true);
  });

  it("names every blank field at once, by its path", () => {
    const out = check({ ...valid, firstName: "", email: " ", zipCode: "" });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.missing).toBe(true);
    expect(Object.keys(out.fields)).toEqual([
      "customerInfo.firstName",
      "customerInfo.email",
      "customerInfo.zipCode",
    ]);
    expect(out.fields["customerInfo.firstName"]).toBe("First name is required");
  });

  it("reports the ZIP's service area together with the other fields", () => {
    const out = check({ ...valid, phone: "12", zipCode: "10001" });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.missing).toBe(false);
    expect(Object.keys(out.fields)).toEqual(["customerInfo.phone", "customerInfo.zipCode"]);
    expect(out.fields["customerInfo.zipCode"]).toContain("outside our service area");
    expect(out.fields["customerInfo.zipCode"]).toContain("(239) 555-0142");
  });

  it.each([
    [{ email: "dana@" }, "customerInfo.email"],
    [{ zipCode: "3390" }, "customerInfo.zipCode"],
    [{ phone: "555-0100" }, "customerInfo.phone"],
    [{ lastName: "x".repeat(61) }, "customerInfo.lastName"],
  ])("marks %j at its field", (change, field) => {
    expect(Object.keys(fields({ ...valid, ...change }))).toEqual([field]);
  });
});

describe("the texts consent of the checkout form", () => {
  const formWith = (extra: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...valid, ...extra })) form.set(k, v);
    for (const [k, v] of Object.entries(totals)) form.set(`totals.${k}`, String(v));
    return form;
  };
  const consent = (extra: Record<string, string>) => {
    const out = checkCheckout(orderSubmissionFromForm(formWith(extra)), DEFAULT_BUSINESS);
    if (!out.ok) throw new Error(JSON.stringify(out.fields));
    return out.submission.customerInfo.textReminders;
  };

  it("is given only by a ticked box, and unticked by default", () => {
    expect(consent({})).toBe(false);
    expect(consent({ textReminders: "on" })).toBe(true);
    expect(consent({ textReminders: "" })).toBe(false);
    expect(check({ ...valid }).ok && check({ ...valid, textReminders: true }).ok).toBe(true);
    expect(fields({ ...valid, textReminders: "yes" })).toHaveProperty("customerInfo.textReminders");
  });
});
