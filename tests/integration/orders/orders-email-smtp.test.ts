/** The order emails reach a real SMTP server (in-process) through nodemailer. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { TRACK_ITEM } from "../../support/sample-items";
import { type SmtpStandIn, startSmtpStandIn } from "../../support/smtp-stand-in";
import { createMailingStore, request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("order emails over SMTP on %s", (dialect) => {
  let smtp: SmtpStandIn;
  let ctx: Awaited<ReturnType<typeof createMailingStore>>;

  beforeAll(async () => {
    // The store logs in with SMTP_URL's user and sends as its own address only.
    smtp = await startSmtpStandIn({
      auth: { user: "store@example.com", pass: "smtp-password" },
      senders: ["store@example.com"],
      refuse: ["bounce@example.com"],
    });
    ctx = await createMailingStore(
      dialect,
      { SMTP_URL: smtp.url, STORE_EMAIL: "orders@store.example" },
      "Store <store@example.com>",
    );
  });

  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it("delivers the confirmation to the customer and the notice to the store", async () => {
    const add = await request(ctx, "POST", "/api/cart", { ...TRACK_ITEM, width: 120 });
    // 240.00 installed: free shipping, tax 6.5 % = 15.60
    const res = await request(
      ctx,
      "POST",
      "/api/orders",
      {
        customerInfo: {
          firstName: "Sam",
          lastName: "Lee",
          email: "sam@example.com",
          phone: "(239) 555-0101",
          address: "9 Bay St",
          city: "Fort Myers",
          zipCode: "33901",
        },
        totals: { subtotal: 240, multipleBlindDiscount: 0, shipping: 0, tax: 15.6, total: 255.6 },
      },
      { "x-session-id": add.body.sessionId },
    );
    expect(res.status).toBe(201);
    await ctx.flush();
    const toCustomer = smtp.received.find((m) => m.to.includes("sam@example.com"));
    const toStore = smtp.received.find((m) => m.to.includes("orders@store.example"));
    expect(toCustomer?.data).toContain(res.body.reference);
    expect(toCustomer?.data).toContain("Content-Type: text/html");
    expect(toCustomer?.data).toContain("Content-Type: text/plain");
    expect(toStore?.data).toContain(`New Order #${res.body.orderNumber}`);
    // Sent as the store, logged in, one recipient each; nothing refused.
    for (const m of [toCustomer, toStore]) {
      expect(m).toMatchObject({ from: "store@example.com", user: "store@example.com" });
      expect(m?.to).toHaveLength(1);
    }
    expect(smtp.refused).toEqual([]);
  });

  it("keeps the order when a send fails, and leaves the email queued for a retry", async () => {
    const add = await request(ctx, "POST", "/api/cart", { ...TRACK_ITEM, width: 60 });
    const res = await request(
      ctx,
      "POST",
      "/api/orders",
      {
        customerInfo: {
          firstName: "Bo",
          lastName: "Unce",
          email: "bounce@example.com",
          phone: "2395550102",
          address: "1 Shell Rd",
          city: "Sanibel",
          zipCode: "33957",
        },
        // 120.00: shipping 25, tax 7.80
        totals: { subtotal: 120, multipleBlindDiscount: 0, shipping: 25, tax: 7.8, total: 152.8 },
      },
      { "x-session-id": add.body.sessionId },
    );
    expect(res.status).toBe(201);
    await ctx.flush();
    expect(smtp.refused).toContain("mailbox bounce@example.com unavailable");
    expect(smtp.received.some((m) => m.to.includes("bounce@example.com"))).toBe(false);
    const order = await ctx.db
      .selectFrom("orders")
      .select("id")
      .where("reference", "=", res.body.reference)
      .executeTakeFirstOrThrow();
    const queued = await ctx.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("related_id", "=", order.id)
      .where("kind", "=", "order-confirmation")
      .executeTakeFirstOrThrow();
    expect(queued.sent_at).toBeNull();
    expect(queued.attempts).toBe(1);
    expect(queued.next_attempt_at > new Date().toISOString()).toBe(true);
  });
});
