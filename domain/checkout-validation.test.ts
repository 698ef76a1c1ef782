import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "./business";
import { checkoutProblems } from "./checkout-validation";

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

describe("checkoutProblems", () => {
  it("finds none in a valid form", () => {
    expect(checkoutProblems(valid, DEFAULT_BUSINESS)).toEqual({ fieldErrors: {}, missing: false });
  });

  it("names every blank field at once, in the form's order", () => {
    const out = checkoutProblems(
      { ...valid, firstName: "", email: " ", zipCode: "" },
      DEFAULT_BUSINESS,
    );
    expect(out.missing).toBe(true);
    expect(Object.keys(out.fieldErrors)).toEqual(["firstName", "email", "zipCode"]);
    expect(out.fieldErrors.firstName).toBe("First name is required");
  });

  it("reports the ZIP's service area together with the other fields", () => {
    const out = checkoutProblems({ ...valid, phone: "12", zipCode: "10001" }, DEFAULT_BUSINESS);
    expect(out.missing).toBe(false);
    expect(Object.keys(out.fieldErrors)).toEqual(["phone", "zipCode"]);
    expect(out.fieldErrors.zipCode).toContain("outside our service area");
    expect(out.fieldErrors.zipCode).toContain("(239) 555-0142");
  });

  it.each([
    [{ email: "dana@" }, "email"],
    [{ zipCode: "3390" }, "zipCode"],
    [{ phone: "555-0100" }, "phone"],
    [{ lastName: "x".repeat(61) }, "lastName"],
  ])("marks %j at its field", (change, field) => {
    expect(
      Object.keys(checkoutProblems({ ...valid, ...change }, DEFAULT_BUSINESS).fieldErrors),
    ).toEqual([field]);
  });
});
