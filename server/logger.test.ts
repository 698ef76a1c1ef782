import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger, createLogWriter, isoTimestamp, maskPath } from "./logger";

function capture() {
  const lines: string[] = [];
  const logger = createLogger("info", {}, (line) => lines.push(line));
  return { logger, lines, last: () => JSON.parse(lines.at(-1) ?? "{}") };
}

describe("log redaction by field name", () => {
  it("keeps numbers that merely have ten digits (product codes, amounts, ids)", () => {
    const { logger, lines } = capture();
    logger.info("imported fabric QV-1234567890 for order 2395550142", {
      sku: "1234567890",
      totalCents: 2_395_550_142,
      note: "batch 239-555-0142",
    });
    const line = lines.join("");
    expect(line).toContain("QV-1234567890");
    expect(line).toContain("order 2395550142");
    expect(line).toContain('"sku":"1234567890"');
    expect(line).toContain('"totalCents":2395550142');
    expect(line).toContain("batch 239-555-0142");
    expect(line).not.toContain("[phone]");
  });

  it("redacts personal and secret fields at any depth, whatever their value looks like", () => {
    const { logger, last } = capture();
    logger.info("submitted", {
      phone: "(239) 555-0142",
      customerPhone: "12",
      email: "jane@example.com",
      firstName: "Jane",
      customer_name: "Jane Rivera",
      nested: {
        address: "12 Palm Ave",
        zipCode: "33904",
        password: "hunter22",
        productName: "Zebra",
      },
      list: [{ token: "abc" }],
    });
    expect(last()).toMatchObject({
      phone: "[redacted]",
      customerPhone: "[redacted]",
      email: "[redacted]",
      firstName: "[redacted]",
      customer_name: "[redacted]",
      nested: {
        address: "[redacted]",
        zipCode: "[redacted]",
        password: "[redacted]",
        productName: "Zebra",
      },
      list: [{ token: "[redacted]" }],
    });
  });

  it("masks email addresses in free text and in error messages", () => {
    const { logger, lines } = capture();
    logger.error("send failed to jane@example.com", {
      error: new Error("550 mailbox jane@example.com unknown"),
    });
    const line = lines.join("");
    expect(line).not.toContain("jane@example.com");
    expect(JSON.parse(line).error).toMatchObject({
      type: "Error",
      message: "550 mailbox [email] unknown",
    });
  });

  it("masks an order's reference and the status page's path", () => {
    const { logger, lines } = capture();
    logger.info("order placed", { reference: "7K3M-Q9TX-2B4N-WZ8R", items: 2 });
    logger.info("request", { method: "GET", path: "/orders/7K3M-Q9TX-2B4N-WZ8R", status: 200 });
    logger.info("request", {
      method: "GET",
      path: "/orders/7k3m-q9tx-2b4n-wz8r.data",
      status: 200,
    });
    logger.info("request", { method: "GET", path: "/admin/orders/12", status: 200 });
    const log = lines.join("");
    expect(log).not.toMatch(/7K3M|Q9TX|7k3m/i);
    expect(lines.map((l) => JSON.parse(l).path ?? JSON.parse(l).reference)).toEqual([
      "[reference]",
      "/orders/[reference]",
      "/orders/[reference].data",
      "/admin/orders/12",
    ]);
  });

  it("masks a secret in the request log whatever the path's spelling", () => {
    const { logger, lines } = capture();
    for (const path of [
      "//quotes/q8Kx2mTOKEN",
      "/api//calendar/Zx9TOKEN.ics",
      "/orders%2FABCD-EFGH-JKMN-PQRS",
      "/account/verify;token=s3cr3tTOKEN",
    ]) {
      logger.info("request", { method: "GET", path, status: 404, ms: 1.5 });
    }
    expect(lines.join("")).not.toMatch(/TOKEN|ABCD/);
  });

  it.each([
    ["/orders/ABCD-EFGH-JKMN-PQRS", "/orders/[reference]"],
    ["/orders/ABCD-EFGH-JKMN-PQRS.data", "/orders/[reference].data"],
    ["/orders/x/y", "/orders/[reference]/y"],
    ["/orders", "/orders"],
    ["/api/orders", "/api/orders"],
    ["/product/vinyl", "/product/vinyl"],
    ["/bookings/ABCD-EFGH-JKMN-PQRS", "/bookings/[reference]"],
    ["/bookings/ABCD-EFGH-JKMN-PQRS.data", "/bookings/[reference].data"],
    ["/Bookings/ABCD-EFGH-JKMN-PQRS", "/Bookings/[reference]"],
    ["/api/bookings/ABCD-EFGH-JKMN-PQRS/cancel", "/api/bookings/[reference]/cancel"],
    ["/api/bookings/ABCD-EFGH-JKMN-PQRS/invite.ics", "/api/bookings/[reference]/invite.ics"],
    ["/api/booking/windows", "/api/booking/windows"],
    // Decision 198: every secret, whatever the path's case.
    ["/Orders/ABCD-EFGH-JKMN-PQRS", "/Orders/[reference]"],
    ["/ORDERS/ABCD-EFGH-JKMN-PQRS.data", "/ORDERS/[reference].data"],
    [
      "/api/calendar/Zx9_abcdefghijklmnopqrstuvwxyz0123456789ABCDE.ics",
      "/api/calendar/[token].ics",
    ],
    [
      "/API/Calendar/Zx9_abcdefghijklmnopqrstuvwxyz0123456789ABCDE.ics",
      "/API/Calendar/[token].ics",
    ],
    ["/quotes/q8Kx2mTOKEN", "/quotes/[token]"],
    ["/api/quotes/q8Kx2mTOKEN/accept", "/api/quotes/[token]/accept"],
    ["/bookings/BK-1234", "/bookings/[reference]"],
    [
      "/account/verify?token=s3cr3t&next=/account",
      "/account/verify?token=[redacted]&next=/account",
    ],
    [
      "https://store.example/orders/ABCD-EFGH?ref=x",
      "https://store.example/orders/[reference]?ref=[redacted]",
    ],
    ["/quotes/7vec0imteENg5D1Y6yQ4TYLO.data", "/quotes/[token].data"],
    ["/admin/quotes/12", "/admin/quotes/12"],
    // Any spelling the server resolves to the same page: doubled slashes, %2F, ;params, case.
    ["//quotes/q8Kx2mTOKEN", "/quotes/[token]"],
    ["/quotes//q8Kx2mTOKEN", "/quotes/[token]"],
    ["/api//calendar/Zx9_abcdefghijklmnopqrstuvwxyz.ics", "/api/calendar/[token].ics"],
    ["/orders%2FABCD-EFGH-JKMN-PQRS", "/orders/[reference]"],
    ["/ORDERS%2fABCD-EFGH-JKMN-PQRS", "/ORDERS/[reference]"],
    ["/orders%252FABCD-EFGH-JKMN-PQRS", "/orders/[reference]"],
    ["/account/verify;token=s3cr3t", "/account/verify"],
    ["/quotes;x=1/q8Kx2mTOKEN", "/quotes/[token]"],
    ["/Api/Orders;v=2/ABCD-EFGH-JKMN-PQRS", "/Api/Orders/[reference]"],
    ["/%61ccount/verify/s3cr3t", "/account/verify/[token]"],
    ["/product/vinyl%20blinds", "/product/vinyl blinds"],
  ])("maskPath(%s) → %s", (input, output) => {
    expect(maskPath(input)).toBe(output);
  });
});

describe("createLogWriter", () => {
  it("creates its log file readable by the server's user only (0600)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "log-mode-"));
    try {
      const file = path.join(dir, "server.log");
      const write = createLogWriter(file);
      write("one line\n");
      await new Promise((resolve) => setImmediate(resolve));
      expect(fs.readFileSync(file, "utf8")).toBe("one line\n");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("isoTimestamp (decision 390)", () => {
  it("writes what Date's toISOString writes, across seconds, minutes and years, in any order", () => {
    const base = Date.UTC(2026, 11, 31, 23, 59, 58);
    const times = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 1999, 2000, 2001, 61_000, 5, 3_600_000];
    for (const offset of [...times, ...times.reverse()]) {
      const ms = base + offset;
      expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString());
    }
    expect(isoTimestamp(0)).toBe("1970-01-01T00:00:00.000Z");
  });

  it("stamps each line with the time it was logged", () => {
    const lines: string[] = [];
    const logger = createLogger("info", {}, (line) => lines.push(line));
    const before = Date.now();
    logger.info("request", { method: "GET", path: "/api/products", status: 200, ms: 0.1 });
    const time = Date.parse(JSON.parse(lines[0] ?? "{}").time);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });
});

describe("a flat line written without a merged record (decision 405)", () => {
  /** The line as JSON.stringify of the merged record writes it (the masking-free case). */
  function reference(base: Record<string, unknown>, msg: string, fields?: object) {
    return JSON.stringify({ ...base, ...fields, msg });
  }
  const withoutTime = (line: string) => line.replace(/"time":"[^"]*",/, "");

  it("writes the very bytes of the merged record, for every kind of flat value", () => {
    const cases: [Record<string, unknown>, string, object | undefined][] = [
      [{}, "request", { method: "GET", path: "/api/products", status: 200, ms: 0.1 }],
      [{}, "request", { method: "POST", path: "/api/cart", status: 201, ms: 12.3 }],
      [{ worker: 2 }, "request", { method: "GET", path: "/", status: 304, ms: 0 }],
      [{ worker: 2 }, "no fields", undefined],
      [{}, "no fields", undefined],
      [{}, "empty", {}],
      [{ worker: 2 }, "empty", {}],
      [{}, "numbers", { a: -0, b: 1e21, c: 0.1 + 0.2, d: Number.NaN, e: -Infinity, f: 5e-7 }],
      [{}, "more", { t: true, f: false, n: null, big: 2 ** 53, neg: -1.5 }],
      [{}, 'quotes "and" \\ slashes', { s: 'a "b" \\ c\n\t\u0001', u: "é 漢 😀", lone: "\ud800" }],
      [{}, "mail jane@example.com", { note: "write to jane@example.com", at: "a@b" }],
      [{ worker: 1 }, "shared key", { worker: 3, x: 1 }],
      [{}, "msg field", { msg: "other", x: 1 }],
      [{}, "integer-like key", { b: 1, 2: "two", a: 3 }],
      [{}, "toJSON", { toJSON: "no", x: 1 }],
      [{}, "undefined", { a: undefined, b: 1 }],
      [{}, "nested", { a: { b: 1 }, c: [1, 2] }],
    ];
    for (let i = 0; i < 500; i++) {
      const ms = Math.round(Math.random() * 1e6) / 10;
      cases.push([{}, "request", { status: 200, ms, tiny: Math.random() * 1e-3, big: ms * 1e20 }]);
    }
    for (const [base, msg, fields] of cases) {
      const lines: string[] = [];
      const logger = createLogger("info", base, (line) => lines.push(line));
      logger.info(msg, fields as Record<string, unknown> | undefined);
      const expected = reference(base, msg, fields).replace(
        /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
        "[email]",
      );
      expect(withoutTime(lines[0] ?? "")).toBe(`{"level":"info",${expected.slice(1)}\n`);
    }
  });

  it("still masks what the replacer masks: personal fields, references, secret paths", () => {
    const lines: string[] = [];
    const logger = createLogger("info", {}, (line) => lines.push(line));
    logger.info("request", { method: "GET", path: "/orders/LCB-ABCD-1234", status: 200, ms: 1.5 });
    logger.info("sent", { email: "x", phone: 5, reference: "LCB-1", ok: true });
    logger.info("request", { method: "GET", path: "/account/verify?token=abc", status: 200 });
    expect(lines[0]).toContain('"path":"/orders/[reference]"');
    expect(lines[1]).toContain('"email":"[redacted]","phone":"[redacted]"');
    expect(lines[1]).toContain('"reference":"[reference]","ok":true');
    expect(lines[2]).toContain('"path":"/account/verify?token=[redacted]"');
  });

  it("leaves an inherited enumerable field out, as the merged record does", () => {
    const lines: string[] = [];
    const logger = createLogger("info", {}, (line) => lines.push(line));
    const fields = Object.create({ inherited: 1 });
    fields.own = 2;
    logger.info("proto", fields);
    expect(withoutTime(lines[0] ?? "")).toBe('{"level":"info","own":2,"msg":"proto"}\n');
  });
});
