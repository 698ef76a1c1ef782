/**
 * The customer's pages of an order, rendered through the app on both databases: /orders/REF
 * with the installation visit, the payments and why the total changed; its receipt; /book for
 * the order, filled in from it and speaking to the customer; and the two undoings ("Cancel my
 * order", "Cancel my visit"), whose first POST without the confirmation changes nothing.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  addDays,
  formatVisitWindow,
  storeTimeToUtc,
  storeToday,
} from "../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../domain/shared/money";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { SAMPLE_QUOTE_CUSTOMER, VINYL_INSTALLED } from "../../support/sample-items";
import { placeInStore } from "../../support/shopper";
import { request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const HOURS = {
  weekly: Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [{ start: "08:00", end: "18:00" }]]),
  ),
};

/** React escapes quotes in text: compare the page's text with the entities put back. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

describeEachDialect("the customer's order pages on %s", (dialect) => {
  let store: PageTestStore;
  let owner: string;
  let installer: { id: number };
  let order: { id: number; reference: string; orderNumber: number };
  const call = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie: owner });
  const page = async (path: string) => {
    const res = await store.app.request(path);
    return { status: res.status, html: textOf(await res.text()) };
  };
  const post = async (path: string, fields: Record<string, string>) => {
    const res = await store.app.request(path, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "198.51.100.77",
      },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.status, html: textOf(await res.text()) };
  };
  const installDate = addDays(storeToday(), 10);

  beforeAll(async () => {
    store = await createPageTestStore(dialect, { TRUST_PROXY: "true" });
    owner = await loginCookie(store);
    installer = await addWorkingStaff(store, owner, "installer", "Carlos Rivera");
    const hours = await call("PUT", `/api/admin/staff/${installer.id}/availability`, HOURS);
    expect(hours.status).toBe(200);

    // An order placed in the store, measured, its item wider, a payment, the installation booked.
    const placed = await placeInStore(store, 9101, "customer-pages");
    await store.services.db
      .updateTable("orders")
      .set({ status: "measured" })
      .where("id", "=", placed.id)
      .execute();
    const item = await store.services.db
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", placed.id)
      .executeTakeFirstOrThrow();
    // Installed by us: the item takes installation (the adjustment below re-prices the order).
    await store.services.db
      .updateTable("order_items")
      .set({ include_installation: 1 })
      .where("id", "=", item.id)
      .execute();
    const adjusted = await call("PATCH", `/api/admin/orders/${placed.id}/items/${item.id}`, {
      width: 48,
      reason: "Re-measured: the window is wider",
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    const paid = await call("POST", `/api/admin/orders/${placed.id}/payments`, {
      amount: 50,
      method: "check",
      reference: "1204",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const visit = await call("POST", `/api/admin/orders/${placed.id}/visits`, {
      kind: "install",
      date: installDate,
      start: "10:00",
      end: "12:00",
      staffId: installer.id,
    });
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    const row = await store.services.db
      .selectFrom("orders")
      .select(["order_number"])
      .where("id", "=", placed.id)
      .executeTakeFirstOrThrow();
    order = { id: placed.id, reference: placed.reference, orderNumber: Number(row.order_number) };
  }, 180_000);
  afterAll(async () => {
    await store?.close();
  });

  async function totals() {
    const row = await store.services.db
      .selectFrom("orders")
      .select(["total_cents", "paid_cents"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total_cents), paid: Number(row.paid_cents) };
  }

  it("/orders/REF shows the installation visit, the payments and why the total changed", async () => {
    const { status, html } = await page(`/orders/${order.reference}`);
    expect(status).toBe(200);
    const when = formatVisitWindow({ date: installDate, start: "10:00", end: "12:00" });
    expect(html).toContain("Your next visit");
    expect(html).toContain(`Installation visit: ${when}`);
    expect(html).toContain("with Carlos");
    expect(html).not.toContain("Rivera");
    const { total, paid } = await totals();
    expect(paid).toBe(50_00);
    expect(html).toMatch(/Payment, Check<\/span>.*?\$50\.00/s);
    expect(html).toContain(formatMoney(total - paid));
    // The money sentence follows the payments, not the day the order was placed.
    expect(html).toContain(
      `$50.00 paid (deposit); ${formatMoney(total - paid)} due at installation.`,
    );
    expect(html).not.toContain("No payment today");
    // The change after measuring in words: the old and new size, the new total, and why.
    expect(html).toContain('36" × 48" → 48" × 48"');
    expect(html).toMatch(/order total \$[\d,.]+ → \$[\d,.]+/);
    expect(html).toContain(`→ ${formatMoney(total)}`);
    expect(html).toContain("Why: Re-measured: the window is wider");
    expect(html).toContain(`href="/orders/${order.reference}/receipt"`);
  });

  it("/orders/REF/receipt lists the payment, the total, what was paid and the balance", async () => {
    const { status, html } = await page(`/orders/${order.reference}/receipt`);
    expect(status).toBe(200);
    const { total, paid } = await totals();
    expect(html).toContain(`Receipt · Order #${order.orderNumber}`);
    expect(html).toMatch(/Payment, Check 1204/);
    expect(html).toContain("$50.00");
    expect(html).toMatch(
      new RegExp(`Order total</dt><dd[^>]*>${formatMoney(total).replace("$", "\\$")}<`),
    );
    expect(html).toMatch(new RegExp(`Paid</dt><dd[^>]*>${formatMoney(paid).replace("$", "\\$")}<`));
    expect(html).toContain(`${formatMoney(total - paid)} due`);
    expect((await page("/orders/NOSUCHREFERENCE/receipt")).status).toBe(404);

    // The office's printable receipt prints the same payments table and figures.
    const office = await store.app.request(`/admin/orders/${order.id}/receipt`, {
      headers: { cookie: owner },
    });
    expect(office.status).toBe(200);
    const officeHtml = textOf(await office.text());
    const tableOf = (h: string) => h.match(/<table[\s\S]*?<\/dl>/)?.[0] ?? "none";
    expect(tableOf(officeHtml)).toContain("Payment, Check 1204");
    expect(tableOf(officeHtml).replace(/>[^<]*due</, "><")).toBe(
      tableOf(html).replace(/>[^<]*due</, "><"),
    );
  });

  it("/book?order=REF is filled in from the order and speaks to its customer", async () => {
    const row = await store.services.db
      .selectFrom("orders")
      .select(["first_name", "last_name", "address", "zip_code"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    const { status, html } = await page(`/book?order=${order.reference}`);
    expect(status).toBe(200);
    expect(html).toContain(`Your measurement visit for Order #${order.orderNumber}`);
    expect(html).toContain("Your details are filled in below.");
    expect(html).not.toContain("Book a Free Measurement Visit");
    expect(html).not.toContain("Free, with no obligation");
    for (const [name, value] of [
      ["firstName", row.first_name],
      ["lastName", row.last_name],
      ["address", row.address],
    ] as const) {
      expect(html).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*value="${value}"`));
    }
    // The ZIP came from the order: the week's windows are offered straight away.
    expect(html).toContain(`name="orderReference" value="${order.reference}"`);
    expect(html).toContain('name="window"');
    // Without an order it is the new lead's page.
    const lead = await page("/book");
    expect(lead.html).toContain("Book a Free Measurement Visit");
    expect(lead.html).not.toMatch(new RegExp(`value="${row.first_name}"`));
  });

  it("'Cancel my visit': the first POST without the confirmation changes nothing", async () => {
    const windows = await request(store, "GET", "/api/booking/windows?zipCode=33904");
    const later = Date.now() + 49 * 3_600_000;
    const window = (windows.body.windows as { date: string; start: string }[]).find(
      (w) => storeTimeToUtc(w.date, w.start).getTime() > later,
    );
    if (!window) throw new Error("no window two days ahead");
    const booked = await request(
      store,
      "POST",
      "/api/booking",
      {
        ...window,
        zipCode: "33904",
        firstName: "Ana",
        lastName: "Lopez",
        email: "ana.cancels@example.com",
        phone: "(239) 555-0199",
        address: "12 Palm Ave",
        city: "Cape Coral",
      },
      { "x-forwarded-for": "198.51.100.78" },
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const path = `/bookings/${booked.body.reference}`;
    const statusOf = async () =>
      (
        await store.services.db
          .selectFrom("visits")
          .select("status")
          .where("reference", "=", booked.body.reference)
          .executeTakeFirstOrThrow()
      ).status;

    const first = await post(path, { intent: "cancel" });
    expect(first.status).toBe(400);
    expect(first.html).toContain("Tick the box to confirm that you want to cancel this visit.");
    expect(first.html).toContain("Yes, cancel my visit on");
    expect(await statusOf()).toBe("scheduled");

    const confirmed = await post(path, { intent: "cancel", confirm: "yes" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain("Your visit is cancelled");
    expect(await statusOf()).toBe("cancelled");
  });

  it("'Cancel my order': the first POST without the confirmation changes nothing", async () => {
    const created = await call("POST", "/api/admin/quotes", {
      customer: { ...SAMPLE_QUOTE_CUSTOMER, email: "cancels.order@example.org" },
      items: [{ ...VINYL_INSTALLED, roomLabel: "Kitchen" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await call("POST", `/api/admin/quotes/${created.body.id}/send`)).status).toBe(200);
    const detail = await call("GET", `/api/admin/quotes/${created.body.id}`);
    const token = String(detail.body.link).split("/quotes/")[1] ?? "";
    const accepted = await request(store, "POST", `/api/quotes/${token}/accept`, {
      signatureName: "Maria Lopez",
      agree: true,
      revision: 1,
      optionalItemIds: [],
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const orderId = (await call("GET", `/api/admin/quotes/${created.body.id}`)).body
      .acceptedOrderId as number;
    const deposit = accepted.body.depositDue as number;
    expect(
      (
        await call("POST", `/api/admin/orders/${orderId}/payments`, {
          amount: deposit,
          method: "card",
        })
      ).status,
    ).toBe(201);
    const statusOf = async () =>
      (
        await store.services.db
          .selectFrom("orders")
          .select("status")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow()
      ).status;
    const before = await statusOf();
    const refund = formatMoney(Math.round(deposit * 100));

    const shown = await page(`/quotes/${token}`);
    expect(shown.html).toContain(`Yes, cancel Order #${accepted.body.orderNumber}`);

    const first = await post(`/quotes/${token}`, { intent: "cancel" });
    expect(first.status).toBe(400);
    expect(first.html).toContain("Tick the box to confirm that you want to cancel your order.");
    expect(first.html).toContain(`Your deposit of ${refund} is refunded in full.`);
    expect(await statusOf()).toBe(before);
    expect(before).not.toBe("cancelled");

    const confirmed = await post(`/quotes/${token}`, { intent: "cancel", confirm: "yes" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain(`Order #${accepted.body.orderNumber} is cancelled`);
    expect(confirmed.html).toContain(`We will refund you ${refund}, everything you paid`);
    expect(await statusOf()).toBe("cancelled");

    // Its order page names the refund owed, not a payment to come.
    const { reference } = await store.services.db
      .selectFrom("orders")
      .select("reference")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    const cancelled = await page(`/orders/${reference}`);
    expect(cancelled.html).toContain(
      `Order cancelled: we refund you ${refund}, everything you paid.`,
    );
    expect(cancelled.html).not.toMatch(/due at installation|you pay at installation/);
  });

  it("an order with nothing paid says when its customer pays; the delivered one on delivery", async () => {
    const placed = await placeInStore(store, 9102, "customer-pages-unpaid");
    const { html } = await page(`/orders/${placed.reference}`);
    expect(html).toContain("Nothing paid yet.");
    expect(html).toContain("you pay on delivery.");
    expect(html).not.toContain("pay at installation");
    expect(html).not.toContain("paid (deposit)");
  });

  it("once the balance is paid the order page says 'Paid in full'", async () => {
    const { total, paid } = await totals();
    expect(total - paid).toBeGreaterThan(0);
    const rest = await call("POST", `/api/admin/orders/${order.id}/payments`, {
      amount: (total - paid) / 100,
      method: "card",
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const { html } = await page(`/orders/${order.reference}`);
    expect(html).toContain("Paid in full.");
    expect(html).not.toMatch(/due at installation|paid \(deposit\)|No payment/);
  });
});
