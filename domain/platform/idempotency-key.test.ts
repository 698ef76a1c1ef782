import { describe, expect, it } from "vitest";
import { parseIdempotencyKey } from "./idempotency-key";

describe("parseIdempotencyKey", () => {
  it.each([
    ['"8e03978e-40d5-43e8-bc93-6894a57f9324"', "8e03978e-40d5-43e8-bc93-6894a57f9324"],
    ["8e03978e-40d5-43e8-bc93-6894a57f9324", "8e03978e-40d5-43e8-bc93-6894a57f9324"],
    ['  "abc"  ', "abc"],
    ['"a\\"b"', 'a"b'],
    ['"a\\\\b"', "a\\b"],
    ["x", "x"],
  ])("reads %s as %s", (header, key) => {
    expect(parseIdempotencyKey(header)).toBe(key);
  });

  it.each([[""], ['""'], ["has space"], ["é"], ["k".repeat(256)], ['"tab\there"']])(
    "refuses %j",
    (header) => {
      expect(parseIdempotencyKey(header)).toBeNull();
    },
  );
});
