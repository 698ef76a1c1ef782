import { describe, expect, it } from "vitest";
import { propertyOf } from "./property-of";

describe("propertyOf", () => {
  it("reads a property of an object, and nothing of anything else", () => {
    expect(propertyOf({ zipCode: "33901" }, "zipCode")).toBe("33901");
    expect(propertyOf({ zipCode: "33901" }, "city")).toBeUndefined();
    for (const value of [null, undefined, "text", 42, true]) {
      expect(propertyOf(value, "length")).toBeUndefined();
    }
  });
});
