import { describe, expect, it } from "vitest";
import {
  DEFAULT_BUSINESS,
  formatHours,
  isServiceZip,
  phoneHref,
  placeholderFacts,
  SERVICE_ZIP_CODES,
} from "./business";

describe("business facts", () => {
  it("holds the product rules' defaults", () => {
    expect(DEFAULT_BUSINESS.name).toBe("Lee County Blinds & Shutters");
    expect(DEFAULT_BUSINESS.phone).toBe("(239) 555-0142");
    expect(DEFAULT_BUSINESS.salesTaxBasisPoints).toBe(650);
    expect(DEFAULT_BUSINESS.surtaxBasisPoints).toBe(50);
    expect(formatHours(DEFAULT_BUSINESS.hours)).toEqual([
      "Mon–Fri 8 AM–6 PM",
      "Sat 9 AM–2 PM",
      "Sun closed",
    ]);
  });

  it.each([
    ["33901", true],
    ["33919", true],
    ["33920", true],
    ["33923", false],
    ["33966", true],
    ["33975", false],
    ["34134", true],
    ["34137", false],
    ["33101", false],
    ["33901-1234", true],
  ])("ZIP %s in the service area: %s", (zip, inside) => {
    expect(isServiceZip(DEFAULT_BUSINESS, zip)).toBe(inside);
  });

  it("lists every ZIP of the product rules once", () => {
    expect(new Set(SERVICE_ZIP_CODES).size).toBe(SERVICE_ZIP_CODES.length);
    expect(SERVICE_ZIP_CODES).toHaveLength(19 + 12 + 3 + 5 + 1 + 4 + 4);
  });

  it("makes tel: links", () => {
    expect(phoneHref("(239) 555-0142")).toBe("tel:+12395550142");
  });
});

describe("placeholderFacts (start-up warning)", () => {
  it.each([
    [
      "(239) 555-0142",
      "hello@example.com",
      ["phone (a 555 number)", "email (an example.com address)"],
    ],
    [
      "+1 239 555 0142",
      "shop@mail.example.org",
      ["phone (a 555 number)", "email (an example.com address)"],
    ],
    ["(239) 482-7100", "hello@leecountyblinds.com", []],
    ["(555) 482-7100", "example@gmail.com", []],
  ])("%s / %s → %j", (phone, email, expected) => {
    expect(placeholderFacts({ phone, email })).toEqual(expected);
  });
});
