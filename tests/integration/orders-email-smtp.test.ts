/** The order emails reach a real SMTP server (in-process) through nodemailer. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TRACK_ITEM } from "../support/sample-items";
import { createMailingStore, request } from "../support/test-app";
import { describeEachDialect } from "../support/test-database";

interface Received {
  from: string;
  to: string[];
  data: string;
}

describeEachDialect("order emails over SMTP on %s", (dialect) => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let port = 0;
  let ctx: Awaited<ReturnType<typeof createMailingStore>>;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(address, _session, callback) {
        if (address.address === "bounce@example.com") {
          callback(new Error("mailbox unavailable"));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => {
          data += chunk.toString("utf8");
        });
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as AddressInfo).port;

    ctx = await createMailingStore(
      dialect,
      { SMTP_URL: `smtp://127.0.0.1:${port}`, STORE_EMAIL: "orders@store.example" },
      "Store <store@example.com>",
    );
  });

  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
    const toCustomer = received.find((m) => m.to.includes("sam@example.com"));
    const toStore = received.find((m) => m.to.includes("orders@store.example"));
    expect(toCustomer?.data).toContain(res.body.reference);
    expect(toCustomer?.data).toContain("Content-Type: text/html");
    expect(toCustomer?.data).toContain("Content-Type: text/plain");
    expect(toStore?.data).toContain(`New Order #${res.body.orderNumber}`);
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
