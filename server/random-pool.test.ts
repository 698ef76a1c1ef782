import { describe, expect, it } from "vitest";
import {
  isReference,
  randomBase64url,
  randomCrockford,
  randomHex,
  randomReference,
  withRandomBytes,
} from "./random-pool";

describe("the pooled CSPRNG (decision 430)", () => {
  it("gives draws of the asked size, none repeated, across many refills of its 4 KB pool", () => {
    const draws = Array.from({ length: 3_000 }, (_, i) => randomHex(1 + (i % 24)));
    draws.forEach((hex, i) => {
      expect(hex).toMatch(new RegExp(`^[0-9a-f]{${2 * (1 + (i % 24))}}$`));
    });
    const long = draws.filter((hex) => hex.length >= 16);
    expect(new Set(long).size).toBe(long.length);
    const ids = Array.from({ length: 1_000 }, () => randomBase64url(32));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Buffer.from(id, "base64url")).toHaveLength(32);
  });

  it("zeroes each draw's bytes once read, and never hands out a zeroed slot", () => {
    let seen: Buffer | undefined;
    const copy = withRandomBytes(4_000, (bytes) => {
      seen = bytes;
      return Buffer.from(bytes);
    });
    expect(copy.some((b) => b !== 0)).toBe(true);
    expect(seen?.every((b) => b === 0)).toBe(true);
    const zero = "0".repeat(32);
    expect(Array.from({ length: 600 }, () => randomHex(16))).not.toContain(zero);
  });

  it("serves a draw larger than its pool from the generator directly", () => {
    const big = withRandomBytes(10_000, (bytes) => Buffer.from(bytes));
    expect(big).toHaveLength(10_000);
    expect(big.subarray(0, 32).equals(Buffer.alloc(32))).toBe(false);
  });

  it("writes references in Crockford base 32: 8 characters per 5 bytes, every symbol used", () => {
    const short = Array.from({ length: 2_000 }, () => randomCrockford(5));
    for (const r of short) expect(r).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(new Set(short.join("")).size).toBe(32);
    const references = Array.from({ length: 1_000 }, () => randomReference());
    for (const r of references) {
      expect(r).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
      expect(isReference(r)).toBe(true);
    }
    expect(new Set(references).size).toBe(references.length);
    expect(isReference("7K3M-9QXD-W2PZ-8HTI")).toBe(false);
    expect(isReference("7K3M9QXDW2PZ8HTA")).toBe(false);
  });
});
