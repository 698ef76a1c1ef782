import { describe, expect, it } from "vitest";
import { forwardedEntry, limitKey, normalizeAddress } from "./proxy";

describe("normalizeAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:51234", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:203.0.113.7", "203.0.113.7"],
    ["[::ffff:203.0.113.7]:443", "203.0.113.7"],
    ["0:0:0:0:0:ffff:cb00:7107", "203.0.113.7"],
    ["2001:DB8::1", "2001:db8::1"],
    ["2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["[2001:db8::1]:8080", "2001:db8::1"],
    ['"[2001:db8::1]:8080"', "2001:db8::1"],
    ["fe80::1%eth0", "fe80::1"],
    ["2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"],
    ["2001:0:0:1:0:0:0:1", "2001:0:0:1::1"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2:3:4:5:6"],
    ["::1", "::1"],
    ["::", "::"],
    ["::203.0.113.7", "::cb00:7107"],
  ])("%s → %s", (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });

  it.each([
    "",
    "unknown",
    "evil.example",
    "1.2.3",
    "256.1.1.1",
    "01.2.3.4",
    "2001:db8::1::2",
    "[::1",
  ])("%s is not an address", (raw) => {
    expect(normalizeAddress(raw)).toBeUndefined();
  });
});

describe("forwardedEntry: the entry the outermost trusted proxy wrote", () => {
  it.each([
    // header, trusted proxies, client
    ["203.0.113.7", 1, "203.0.113.7"],
    ["198.51.100.1, 203.0.113.7", 1, "203.0.113.7"],
    ["spoofed, 198.51.100.1, 203.0.113.7", 1, "203.0.113.7"],
    ["spoofed, 198.51.100.1, 203.0.113.7", 2, "198.51.100.1"],
    ["203.0.113.7, 10.0.0.2", 2, "203.0.113.7"],
    // Fewer entries than proxies: a proxy that overwrites the header; the left-most.
    ["203.0.113.7", 3, "203.0.113.7"],
    ["203.0.113.7", 0, undefined],
    ["", 1, undefined],
    [undefined, 1, undefined],
  ])("%s with %i proxies → %s", (header, hops, expected) => {
    expect(forwardedEntry(header, hops)).toBe(expected);
  });
});

describe("limitKey", () => {
  it("counts IPv4 addresses one by one and IPv6 addresses per /64", () => {
    expect(limitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(limitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(limitKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(limitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(limitKey("::1")).toBe("::/64");
    expect(limitKey("local")).toBe("local");
  });
});
