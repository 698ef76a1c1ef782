import { describe, expect, it } from "vitest";
import { flatJson, flatValueJson } from "./flat-json";

describe("flatJson (decision 405)", () => {
  it("writes JSON.stringify's very text for flat records", () => {
    const records: Record<string, unknown>[] = [
      {},
      { blindsPrice: 55.04, installationPrice: 75, totalPrice: 130.04 },
      {
        area: 12.17,
        blindsPrice: 97.33,
        fabricUpcharge: 146,
        controlUpcharge: 150,
        motorUpcharge: 75,
        installationPrice: 0,
        totalPrice: 468.33,
      },
      { totalPrice: 289.5, width: 96.5, pricePerUnit: 3 },
      { a: -0, b: 1e21, c: 0.1 + 0.2, d: Number.NaN, e: -Infinity, f: 5e-7, g: 2 ** 53 + 2 },
      { t: true, f: false, n: null, s: 'a "b" \\ c\n\t\u0001 é 漢 😀 \ud800', 'key "q"': 1 },
      { b: 1, 2: "two", a: 3, 1: "one" },
      { toJSON: "a string, not a method" },
    ];
    for (const record of records) expect(flatJson(record)).toBe(JSON.stringify(record));
    for (let i = 0; i < 2000; i++) {
      const record = { x: Math.round(Math.random() * 1e7) / 100, y: Math.random() * 1e-3 };
      expect(flatJson(record)).toBe(JSON.stringify(record));
    }
  });

  it("leaves to JSON.stringify what it does more: nested values, undefined, toJSON, inherited", () => {
    expect(flatJson({ a: { b: 1 } })).toBeUndefined();
    expect(flatJson({ a: [1] })).toBeUndefined();
    expect(flatJson({ a: undefined })).toBeUndefined();
    expect(flatJson({ a: 1n })).toBeUndefined();
    expect(flatJson({ a: () => 1 })).toBeUndefined();
    expect(flatJson({ a: 1, toJSON: () => "x" })).toBeUndefined();
    expect(flatJson(Object.assign(Object.create({ inherited: 1 }), { own: 2 }))).toBeUndefined();
    expect(flatValueJson(Symbol("s"))).toBeUndefined();
  });
});
