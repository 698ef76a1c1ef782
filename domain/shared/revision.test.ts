import { describe, expect, it } from "vitest";
import { canonicalJson, parseIfMatch, pickRevisionParts, revisionOf } from "./revision";

describe("revisions", () => {
  it("writes the same value the same way whatever its keys' order", () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: null }] })).toBe(
      '{"a":[2,{"c":null,"d":3}],"b":1}',
    );
    expect(revisionOf({ a: 1, b: 2 })).toBe(revisionOf({ b: 2, a: 1 }));
    expect(revisionOf({ a: 1, b: 2 })).not.toBe(revisionOf({ a: 1, b: 3 }));
    expect(revisionOf("x")).toMatch(/^[0-9a-f]{16}$/);
  });

  it.each([
    ['"abc"', ["abc"]],
    ['W/"abc"', ["abc"]],
    ['"a", "b"', ["a", "b"]],
    ["*", "any"],
    ["abc", null],
    ['""', null],
    ['"a"b"', null],
  ])("reads If-Match %s", (header, tags) => {
    expect(parseIfMatch(header)).toEqual(tags);
  });

  it("makes an order's revision of what the office changes, not of its balance", () => {
    const order = { status: "scheduled", items: [{ id: 1 }], total_amount: 100, balance_cents: 5 };
    expect(revisionOf(pickRevisionParts("order", order))).toBe(
      revisionOf(pickRevisionParts("order", { ...order, balance_cents: 0 })),
    );
    expect(revisionOf(pickRevisionParts("order", order))).not.toBe(
      revisionOf(pickRevisionParts("order", { ...order, status: "cancelled" })),
    );
  });
});
