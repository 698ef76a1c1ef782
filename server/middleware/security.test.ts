import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddress } from "./rate-limit";
import { isSecureRequest, sameOriginOnly, securityHeaders } from "./security";

function appWith(trustProxy: number, publicUrl?: string) {
  const app = new Hono();
  app.use("*", securityHeaders({ dev: false, trustProxy }));
  app.use("*", sameOriginOnly({ trustProxy, publicUrl }));
  app.all("*", (c) => c.json({ client: clientAddress(c, trustProxy) }));
  return app;
}

describe("HSTS only over HTTPS, as the connection or a trusted proxy reports it", () => {
  it.each([
    // url, trusted proxies, X-Forwarded-Proto, HSTS expected
    ["http://shop.example/", 0, undefined, false],
    ["http://shop.example/", 0, "https", false],
    ["http://shop.example/", 1, "https", true],
    ["http://shop.example/", 1, "http", false],
    ["http://shop.example/", 1, "HTTPS", true],
    // A client's own header is the left-most; the proxy's entry is the right-most.
    ["http://shop.example/", 1, "https, http", false],
    ["http://shop.example/", 2, "https, http", true],
    ["https://shop.example/", 0, undefined, true],
  ] as const)("%s, TRUST_PROXY=%i, X-Forwarded-Proto %s → %s", async (url, hops, proto, hsts) => {
    const headers: Record<string, string> = proto ? { "x-forwarded-proto": proto } : {};
    const res = await appWith(hops).request(url, { headers });
    expect(res.headers.has("strict-transport-security")).toBe(hsts);
    expect(isSecureRequest(new Request(url, { headers }), hops)).toBe(hsts);
  });
});

describe("the Origin check compares scheme and host", () => {
  it.each([
    // url, trusted proxies, PUBLIC_URL, request headers, allowed
    ["http://shop.example/x", 0, undefined, { origin: "http://shop.example" }, true],
    ["http://shop.example/x", 0, undefined, { origin: "https://shop.example" }, false],
    ["http://shop.example/x", 0, undefined, { origin: "http://SHOP.example:80" }, true],
    ["http://shop.example/x", 0, undefined, { origin: "http://shop.example:8080" }, false],
    ["http://shop.example/x", 0, undefined, { origin: "http://evil.example" }, false],
    ["http://shop.example/x", 0, undefined, { origin: "ftp://shop.example" }, false],
    ["http://shop.example/x", 0, undefined, { origin: "null" }, false],
    ["http://shop.example/x", 0, undefined, { origin: "garbage" }, false],
    // Behind a TLS proxy the upstream request is http; PUBLIC_URL names the public origin.
    [
      "http://127.0.0.1:3000/x",
      0,
      "https://shop.example",
      { origin: "https://shop.example" },
      true,
    ],
    [
      "http://127.0.0.1:3000/x",
      0,
      "https://shop.example",
      { origin: "http://shop.example" },
      false,
    ],
    // A trusted proxy's X-Forwarded-Proto and X-Forwarded-Host name the public origin.
    [
      "http://127.0.0.1:3000/x",
      1,
      undefined,
      {
        origin: "https://www.shop.example",
        "x-forwarded-host": "www.shop.example",
        "x-forwarded-proto": "https",
      },
      true,
    ],
    [
      "http://127.0.0.1:3000/x",
      1,
      undefined,
      { origin: "https://www.shop.example", "x-forwarded-host": "www.shop.example" },
      false,
    ],
    // Without TRUST_PROXY those headers are anyone's.
    [
      "http://127.0.0.1:3000/x",
      0,
      undefined,
      {
        origin: "https://evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      },
      false,
    ],
    // No Origin and no Sec-Fetch-Site: not a browser, no victim's cookies.
    ["http://shop.example/x", 0, undefined, {}, true],
    ["http://shop.example/x", 0, undefined, { "sec-fetch-site": "cross-site" }, false],
  ] as const)(
    "POST %s (TRUST_PROXY=%i, PUBLIC_URL %s) %o → allowed %s",
    async (url, hops, publicUrl, headers, allowed) => {
      const res = await appWith(hops, publicUrl).request(url, {
        method: "POST",
        headers: { ...headers, host: new URL(url).host },
      });
      expect(res.status).toBe(allowed ? 200 : 403);
    },
  );
});

describe("clientAddress", () => {
  it.each([
    // trusted proxies, X-Forwarded-For, client
    [0, "203.0.113.7", "local"],
    [1, "203.0.113.7", "203.0.113.7"],
    [1, "198.51.100.1, 203.0.113.7", "203.0.113.7"],
    [1, "203.0.113.7, 198.51.100.1", "198.51.100.1"],
    [2, "spoof, 198.51.100.1, 203.0.113.7", "198.51.100.1"],
    [1, "::ffff:203.0.113.7", "203.0.113.7"],
    [1, "203.0.113.7:5555", "203.0.113.7"],
    [1, "[2001:DB8:0::1]:443", "2001:db8::1"],
    // Not an address: the proxy's own (here the in-process "local"), never a new bucket.
    [1, "anything-goes", "local"],
    [1, undefined, "local"],
  ] as const)("TRUST_PROXY=%i, X-Forwarded-For %s → %s", async (hops, forwarded, client) => {
    const headers: Record<string, string> = forwarded ? { "x-forwarded-for": forwarded } : {};
    const res = await appWith(hops).request("http://shop.example/", { headers });
    expect(await res.json()).toEqual({ client });
  });
});
