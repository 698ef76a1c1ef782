/**
 * Emails exactly once, written as .eml files (no SMTP_URL): N orders placed at once give 2N
 * files, each its own, with its own Message-ID in nodemailer's shape, one confirmation and one
 * store notice per order; flushing again writes nothing more.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { placeOneOrder, type Send } from "../../support/shopper";
import { createMailingStore, request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const ORDERS = 30;

describeEachDialect("order emails as .eml files on %s", (dialect) => {
  let ctx: Awaited<ReturnType<typeof createMailingStore>>;

  beforeAll(async () => {
    ctx = await createMailingStore(
      dialect,
      { STORE_EMAIL: "orders@store.example", TRUST_PROXY: "1" },
      "Store <store@shop.example>",
    );
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it(`${ORDERS} orders at once give ${2 * ORDERS} .eml files, each email once`, async () => {
    const send: Send = (method, p, body, headers) => request(ctx, method, p, body, headers);
    const placed = await Promise.all(
      Array.from({ length: ORDERS }, (_, n) =>
        placeOneOrder(send, n, { "x-forwarded-for": `10.43.0.${n + 1}` }, { tag: "eml" }),
      ),
    );
    for (const p of placed) expect(p.answer.status).toBe(201);
    await ctx.flush();
    await ctx.flush();
    const files = fs.readdirSync(ctx.outboxDir).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(2 * ORDERS);
    const texts = files.map((f) => fs.readFileSync(path.join(ctx.outboxDir, f), "utf8"));
    const ids = texts.map((t) => /^Message-ID: (.*)\r$/m.exec(t)?.[1] ?? "");
    for (const id of ids) {
      expect(id).toMatch(
        /^<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@shop\.example>$/,
      );
    }
    expect(new Set(ids).size).toBe(2 * ORDERS);
    const perOrder = new Map<string, string[]>();
    for (const t of texts) {
      const [, kind = "", n = ""] = /^Subject: (Your|New) Order #(\d+)\b/m.exec(t) ?? [];
      perOrder.set(n, [...(perOrder.get(n) ?? []), kind].sort());
    }
    expect(perOrder.size).toBe(ORDERS);
    for (const kinds of perOrder.values()) expect(kinds).toEqual(["New", "Your"]);
  }, 60_000);
});
