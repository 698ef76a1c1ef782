import { describe, expect, it } from "vitest";
import { isReference, randomCrockford, randomReference } from "./random-reference";

describe("random references", () => {
  it("writes Crockford base 32: 8 characters per 5 bytes, every symbol used, none repeated", () => {
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
