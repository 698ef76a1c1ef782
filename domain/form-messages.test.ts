import { describe, expect, it } from "vitest";
import { fieldErrors } from "./form-messages";

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
