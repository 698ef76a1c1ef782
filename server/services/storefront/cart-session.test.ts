import { describe, expect, it } from "vitest";
import { isCartSessionId, newCartSessionId } from "./cart-session";

describe("newCartSessionId", () => {
  it("gives well-formed ids of 256 bits, none repeated, across many refills of its pool", () => {
    const ids = Array.from({ length: 1_000 }, () => newCartSessionId());
    expect(ids.every(isCartSessionId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Buffer.from(id, "base64url")).toHaveLength(32);
  });

  it("never gives an id of zero bytes (a taken slot is zeroed, then refilled before reuse)", () => {
    const zero = Buffer.alloc(32).toString("base64url");
    const ids = Array.from({ length: 600 }, () => newCartSessionId());
    expect(ids).not.toContain(zero);
  });
});
