/**
 * Quotes the customer accepts online on both databases: building within
 * the owner's settings, sending with the PDF, the customer's answers with every rule (400, 409
 * stale revision, 410 expired, idempotent accept, concurrent accept → one order), the order made
 * from the stored prices with its deposit and right to cancel, production refused until both
 * are met, cancelling, declining, follow-up reminders sent once, settings and permissions.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { addBusinessDays } from "../../../domain/sales/business-days";
import { calculateQuoteTotals } from "../../../domain/sales/quote";
import { addDays, storeToday } from "../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../domain/shared/money";
import { countQuoteView } from "../../../server/db/repositories/sales/quotes";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { SAMPLE_QUOTE_CUSTOMER, VINYL_INSTALLED, ZEBRA_CORDLESS } from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const CUSTOMER = SAMPLE_QUOTE_CUSTOMER;

/** Six windows (five vinyl installed, one zebra) and one optional zebra. */
function sixWindows() {
  const rooms = ["Living left", "Living right", "Kitchen", "Bedroom 1", "Bedroom 2"];
  return [
    ...rooms.map((roomLabel) => ({ ...VINYL_INSTALLED, roomLabel })),
    { ...ZEBRA_CORDLESS, roomLabel: "Office" },
    { ...ZEBRA_CORDLESS, roomLabel: "Guest room", optional: true },
  ];
}

describeEachDialect("quotes on %s", (dialect) => {
  let store: TestStore;
  let cookie: string;
  const admin = (method: string, path: string, body?: unknown, c = cookie) =>
    request(store, method, path, body, { cookie: c });
  const customer = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { "user-agent": "Vitest phone" });

  beforeAll(async () => {
    store = await createTestStore(dialect);
    cookie = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(() => {
    store.sentEmails.length = 0;
  });

  async function createQuote(extra: Record<string, unknown> = {}) {
    const res = await admin("POST", "/api/admin/quotes", {
      customer: CUSTOMER,
      items: sixWindows(),
      discountPercent: 5,
      ...extra,
    });
    expect(res.body.error?.message).toBeUndefined();
    expect(res.status).toBe(201);
    return res.body;
  }

  async function sentQuote(extra: Record<string, unknown> = {}) {
    const quote = await createQuote(extra);
    const sent = await admin("POST", `/api/admin/quotes/${quote.id}/send`);
    expect(sent.status).toBe(200);
    const detail = await admin("GET", `/api/admin/quotes/${quote.id}`);
    const token = String(detail.body.link).split("/quotes/")[1] ?? "";
    return { quote: detail.body, token };
  }

  it("builds a quote priced by the catalog, within the owner's maximum discount", async () => {
    const quote = await createQuote();
    expect(quote).toMatchObject({
      status: "draft",
      revision: 1,
      discountPercent: 5,
      depositPercent: 50,
    });
    expect(quote.label).toMatch(/^Q-\d{4}$/);
    expect(quote.items).toHaveLength(7);
    expect(quote.items[0]).toMatchObject({
      unitPrice: 129.56,
      roomLabel: "Living left",
      optional: false,
    });
    const expected = calculateQuoteTotals(
      [
        ...Array.from({ length: 5 }, (_, i) => ({
          id: i,
          unitPriceCents: 129_56,
          quantity: 1,
          optional: false,
        })),
        { id: 5, unitPriceCents: 96_00, quantity: 1, optional: false },
      ],
      { discountPercent: 5, depositPercent: 50 },
      store.config.business,
    );
    expect(quote.totals.total).toBe(expected.totalCents / 100);
    expect(quote.totals.deposit).toBe(expected.depositCents / 100);
    expect(quote.validUntil).toBe(addDays(storeToday(), 30));

    const tooMuch = await admin("POST", "/api/admin/quotes", {
      customer: CUSTOMER,
      items: sixWindows(),
      discountPercent: 16,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toContain("at most 15 %");
    const empty = await admin("POST", "/api/admin/quotes", { customer: CUSTOMER, items: [] });
    expect(empty.status).toBe(400);
  });

  it("sends the link and the PDF through the outbox; the page is private", async () => {
    const { quote, token } = await sentQuote();
    expect(quote.status).toBe("sent");
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await store.services.emails.flush();
    const email = store.sentEmails.find((e) => e.to === CUSTOMER.email);
    expect(email?.text).toContain(`/quotes/${token}`);
    expect(email?.attachments?.[0]?.contentType).toBe("application/pdf");
    expect(
      Buffer.from(email?.attachments?.[0]?.content ?? "", "base64")
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const page = await customer("GET", `/api/quotes/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.body).toMatchObject({ label: quote.label, revision: 1, order: null });
    expect(page.body.customer.email).toBeUndefined();
    const unknown = await customer("GET", "/api/quotes/AAAAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    const leaks = store.logLines.filter((l) => l.includes(token));
    expect(leaks).toEqual([]);
  });

  it("counts every view of the customer's page, views at once too, and records the first once", async () => {
    const { quote, token } = await sentQuote();
    await Promise.all(
      Array.from({ length: 6 }, () => store.services.quoteAnswers.open(token, { countView: true })),
    );
    const row = await store.services.db
      .selectFrom("quotes")
      .select(["view_count", "viewed_at", "status"])
      .where("id", "=", quote.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.view_count)).toBe(6);
    expect(row.viewed_at).not.toBeNull();
    expect(row.status).toBe("viewed");
    // A later view is not read back from the quote: its count is the one its statement left.
    const seventh = await store.services.quoteAnswers.open(token, { countView: true });
    expect(seventh.view).toMatchObject({ viewCount: 7, status: "viewed" });
    const viewed = await store.services.db
      .selectFrom("quote_events")
      .select("id")
      .where("quote_id", "=", quote.id)
      .where("kind", "=", "viewed")
      .execute();
    expect(viewed).toHaveLength(1);
  });

  it("a view whose caller saw the quote viewed already skips the first-view statement", async () => {
    const { quote } = await sentQuote();
    const { db } = store.services;
    const viewedAt = () =>
      db
        .selectFrom("quotes")
        .select(["viewed_at", "view_count"])
        .where("id", "=", quote.id)
        .executeTakeFirstOrThrow();
    // Told (wrongly, here) that viewed_at is set: only the count moves, nothing else is written.
    expect(await countQuoteView(db, quote.id, "2026-11-27T12:00:00.000Z", true)).toEqual({
      first: false,
      viewCount: 1,
    });
    expect(await viewedAt()).toMatchObject({ viewed_at: null });
    expect(await countQuoteView(db, quote.id, "2026-11-27T12:00:01.000Z")).toEqual({
      first: true,
      viewCount: 2,
    });
    expect(await viewedAt()).toMatchObject({ viewed_at: "2026-11-27T12:00:01.000Z" });
  });

  it("accepts with every rule: 400, 409 stale, 201 with the optional item, 200 repeat", async () => {
    const { quote, token } = await sentQuote();
    const optional = quote.items.find((i: { optional: boolean }) => i.optional);
    const path = `/api/quotes/${token}/accept`;
    const noAgree = await customer("POST", path, { signatureName: "Maria Lopez", revision: 1 });
    expect(noAgree.status).toBe(400);
    const noName = await customer("POST", path, { agree: true, revision: 1 });
    expect(noName.status).toBe(400);

    // The office changes the quote meanwhile: the customer's revision is stale.
    const patched = await admin("PATCH", `/api/admin/quotes/${quote.id}`, {
      note: "Valance on the office",
    });
    expect(patched.body.revision).toBe(2);
    const stale = await customer("POST", path, {
      signatureName: "Maria Lopez",
      agree: true,
      revision: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toContain("This quote changed, please review it again");

    const body = {
      signatureName: "Maria Lopez",
      agree: true,
      revision: 2,
      optionalItemIds: [optional.id],
    };
    const accepted = await customer("POST", path, body);
    expect(accepted.status).toBe(201);
    const expected = calculateQuoteTotals(
      quote.items.map(
        (i: { id: number; unitPrice: number; quantity: number; optional: boolean }) => ({
          id: i.id,
          unitPriceCents: Math.round(i.unitPrice * 100),
          quantity: i.quantity,
          optional: i.optional,
        }),
      ),
      { discountPercent: 5, depositPercent: 50 },
      store.config.business,
      [optional.id],
    );
    const cancelUntil = await addBusinessDays(storeToday(), 3);
    expect(accepted.body).toEqual({
      orderNumber: expect.any(Number),
      reference: expect.any(String),
      depositDue: expected.depositCents / 100,
      cancelUntil,
    });
    const repeat = await customer("POST", path, body);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(accepted.body);

    // The order: from the stored prices, to the cent; confirmed (no visit); deposit and cancel.
    const detail = await admin("GET", `/api/admin/quotes/${quote.id}`);
    const orderId = detail.body.acceptedOrderId;
    const order = await admin("GET", `/api/admin/orders/${orderId}`);
    expect(order.body.status).toBe("confirmed");
    expect(order.body.items).toHaveLength(7);
    expect(Math.round(order.body.total_amount * 100)).toBe(expected.totalCents);
    const row = await store.services.db
      .selectFrom("orders")
      .select(["total_cents", "deposit_cents", "cancel_until", "status"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(Number(row.total_cents)).toBe(expected.totalCents);
    expect(Number(row.deposit_cents)).toBe(expected.depositCents);
    expect(row.cancel_until).toBe(cancelUntil);
    expect(detail.body.signature).toMatchObject({ name: "Maria Lopez", orderId });
    expect(detail.body.signature.sha256).toMatch(/^[0-9a-f]{64}$/);
    const signature = await store.services.db
      .selectFrom("quote_signatures")
      .selectAll()
      .where("quote_id", "=", quote.id)
      .executeTakeFirstOrThrow();
    expect(signature.user_agent).toBe("Vitest phone");

    // The signed agreement goes to the customer as a PDF, a notice to the store.
    await store.services.emails.flush();
    const agreement = store.sentEmails.find((e) => e.subject.startsWith("Your signed agreement"));
    expect(agreement?.attachments?.[0]?.filename).toMatch(/^agreement-Q-\d+\.pdf$/);
    expect(store.sentEmails.some((e) => e.to === store.config.storeEmail)).toBe(true);

    // Accepted: the office can no longer change it.
    const late = await admin("PATCH", `/api/admin/quotes/${quote.id}`, { note: "too late" });
    expect(late.status).toBe(409);

    // Production waits for the deposit, then for the end of the right to cancel.
    await admin("POST", `/api/admin/orders/${orderId}/status`, { status: "measured" });
    const early = await admin("POST", `/api/admin/orders/${orderId}/status`, {
      status: "in_production",
    });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toContain("deposit");
    const paid = await admin("POST", `/api/admin/orders/${orderId}/payments`, {
      amount: expected.depositCents / 100,
      method: "check",
    });
    expect(paid.status).toBe(201);
    const stillEarly = await admin("POST", `/api/admin/orders/${orderId}/status`, {
      status: "in_production",
    });
    expect(stillEarly.status).toBe(409);
    expect(stillEarly.body.error.message).toContain(cancelUntil);

    // The customer cancels within the period: the order is cancelled, the deposit owed back.
    const page = await customer("GET", `/api/quotes/${token}`);
    expect(page.body.order).toMatchObject({ canCancel: true, cancelUntil });
    const cancelled = await customer("POST", `/api/quotes/${token}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: "cancelled",
      refundDue: expected.depositCents / 100,
    });
    const after = await store.services.db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("cancelled");
    const again = await customer("POST", `/api/quotes/${token}/accept`, body);
    expect(again.status).toBe(409); // cancelled: it can't be accepted again
    // The customer's email says what happens to the money: the amount, and that we call.
    await store.services.emails.flush();
    const refund = formatMoney(expected.depositCents);
    const told = store.sentEmails.find((e) => e.subject.includes("is cancelled"));
    expect(told?.subject).toContain(`we will refund you ${refund}`);
    expect(told?.text).toContain(`We will refund you ${refund}, everything you paid`);
    expect(told?.text).toContain("We will contact you");
  });

  it("an adjustment after measuring keeps the quote's discount and deposit, to the cent", async () => {
    const { quote, token } = await sentQuote();
    const optional = quote.items.find((i: { optional: boolean }) => i.optional);
    const accepted = await customer("POST", `/api/quotes/${token}/accept`, {
      signatureName: "Maria Lopez",
      agree: true,
      revision: 1,
      optionalItemIds: [optional.id],
    });
    expect(accepted.status).toBe(201);
    const orderId = (await admin("GET", `/api/admin/quotes/${quote.id}`)).body.acceptedOrderId;
    const money = () =>
      store.services.db
        .selectFrom("orders")
        .select(["subtotal_cents", "discount_cents", "tax_cents", "total_cents", "deposit_cents"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow()
        .then((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])));
    // 5 vinyl at $129.56 and 2 zebras at $96.00 = $839.80; 10 % off $83.98; the quote's 5 % of
    // $755.82 = $37.79; $718.03 taxed 6.5 % = $46.67; $764.70, half of it the deposit.
    expect(await money()).toEqual({
      subtotal_cents: 839_80,
      discount_cents: 83_98 + 37_79,
      tax_cents: 46_67,
      total_cents: 764_70,
      deposit_cents: 382_35,
    });
    const living = await store.services.db
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", orderId)
      .where("room_label", "=", "Living left")
      .executeTakeFirstOrThrow();
    // The form's preview counts what the save will: the quote's discount and deposit too.
    const preview = await admin("POST", `/api/admin/orders/${orderId}/items/${living.id}/preview`, {
      width: 72,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.preview).toMatchObject({
      totalBeforeCents: 764_70,
      totalAfterCents: 831_57,
      depositAfterCents: 415_79,
    });
    expect(await money()).toMatchObject({ total_cents: 764_70, deposit_cents: 382_35 });
    const adjusted = await admin("PATCH", `/api/admin/orders/${orderId}/items/${living.id}`, {
      width: 72,
      reason: "Measured wider",
    });
    expect(adjusted.status).toBe(200);
    expect(Math.round(adjusted.body.adjustment.total * 100)).toBe(
      preview.body.preview.totalAfterCents,
    );
    // Living left 72" × 48": 24 sq ft × $4.50 + $95 installation = $203.00; subtotal $913.24;
    // 10 % off $91.32; the quote's 5 % of $821.92 = $41.10; $780.82 taxed = $50.75; $831.57,
    // and the deposit is still half: $415.79 (half up).
    expect(await money()).toEqual({
      subtotal_cents: 913_24,
      discount_cents: 91_32 + 41_10,
      tax_cents: 50_75,
      total_cents: 831_57,
      deposit_cents: 415_79,
    });
    const events = await store.services.db
      .selectFrom("order_events")
      .select("summary")
      .where("order_id", "=", orderId)
      .execute();
    expect(events.map((e) => e.summary).join("\n")).toContain("deposit $382.35 → $415.79");
  });

  it("two accepts at once make one order", async () => {
    const { token } = await sentQuote();
    const body = { signatureName: "Maria Lopez", agree: true, revision: 1 };
    const [a, b] = await Promise.all([
      customer("POST", `/api/quotes/${token}/accept`, body),
      customer("POST", `/api/quotes/${token}/accept`, body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.orderNumber).toBe(b.body.orderNumber);
    const orders = await store.services.db
      .selectFrom("orders")
      .select("id")
      .where("order_number", "=", a.body.orderNumber)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it("declines with a reason; an expired quote answers 410 with the phone", async () => {
    const { quote, token } = await sentQuote();
    const declined = await customer("POST", `/api/quotes/${token}/decline`, {
      reason: "Too expensive",
    });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe("declined");
    const list = await admin("GET", "/api/admin/quotes?status=declined");
    expect(list.body.some((q: { id: number }) => q.id === quote.id)).toBe(true);

    const old = await sentQuote();
    await store.services.db
      .updateTable("quotes")
      .set({ valid_until: addDays(storeToday(), -1) })
      .where("id", "=", old.quote.id)
      .execute();
    const gone = await customer("POST", `/api/quotes/${old.token}/accept`, {
      signatureName: "Maria Lopez",
      agree: true,
      revision: 1,
    });
    expect(gone.status).toBe(410);
    expect(gone.body.error.message).toContain(store.config.business.phone);
    const { expired } = await store.services.quoteFollowUp.run();
    expect(expired).toBeGreaterThanOrEqual(1);
    const expiredList = await admin("GET", "/api/admin/quotes?status=expired");
    expect(expiredList.body.some((q: { id: number }) => q.id === old.quote.id)).toBe(true);
  });

  it("a question reaches the office, linked to the quote", async () => {
    const { quote, token } = await sentQuote();
    const asked = await customer("POST", `/api/quotes/${token}/question`, {
      message: "Can the office shade be motorized?",
    });
    expect(asked.status).toBe(201);
    const empty = await customer("POST", `/api/quotes/${token}/question`, { message: " " });
    expect(empty.status).toBe(400);
    const detail = await admin("GET", `/api/admin/quotes/${quote.id}`);
    expect(detail.body.events.map((e: { kind: string }) => e.kind)).toContain("question");
    const messages = await admin("GET", "/api/admin/messages");
    expect(JSON.stringify(messages.body)).toContain(`Question about quote ${quote.label}`);
  });

  it("reminds once each, whatever the number of runs", async () => {
    const { quote } = await sentQuote({ validDays: 10 });
    const sentAt = Date.now();
    await store.services.emails.flush();
    store.sentEmails.length = 0;
    const fourDays = sentAt + 4 * 24 * 3600_000;
    // Two processes' runs at the same moment, then a later one: one "unopened" reminder.
    await Promise.all([
      store.services.quoteFollowUp.run(fourDays),
      store.services.quoteFollowUp.run(fourDays),
    ]);
    await store.services.quoteFollowUp.run(fourDays + 3600_000);
    const reminders = await store.services.db
      .selectFrom("quote_reminders")
      .select("kind")
      .where("quote_id", "=", quote.id)
      .execute();
    expect(reminders.map((r) => r.kind)).toEqual(["unopened"]);
    // Two days before it expires: the expiry reminder, once.
    const nineDays = sentAt + 9 * 24 * 3600_000;
    await store.services.quoteFollowUp.run(nineDays);
    await store.services.quoteFollowUp.run(nineDays);
    const kinds = (
      await store.services.db
        .selectFrom("quote_reminders")
        .select("kind")
        .where("quote_id", "=", quote.id)
        .execute()
    ).map((r) => r.kind);
    expect(kinds.sort()).toEqual(["expiring", "unopened"]);
    await store.services.emails.flush();
    const toCustomer = store.sentEmails.filter(
      (e) => e.to === CUSTOMER.email && e.subject.includes(quote.label),
    );
    expect(toCustomer).toHaveLength(2);
  });

  it("settings: owners read and change any subset, audited; office is refused", async () => {
    const before = await admin("GET", "/api/admin/settings");
    expect(before.body).toMatchObject({
      requireTwoFactor: false,
      depositPercent: 50,
      cancelBusinessDays: 3,
      quoteValidDays: 30,
      maxDiscountPercent: 15,
      bookingHorizonDays: 21,
    });
    const changed = await admin("PATCH", "/api/admin/settings", { maxDiscountPercent: 20 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ maxDiscountPercent: 20, depositPercent: 50 });
    const bad = await admin("PATCH", "/api/admin/settings", { depositPercent: 101 });
    expect(bad.status).toBe(400);
    const audit = await admin("GET", "/api/admin/audit?kind=settings");
    expect(JSON.stringify(audit.body)).toContain("maxDiscountPercent 15 → 20");
    await admin("PATCH", "/api/admin/settings", { maxDiscountPercent: 15 });
    const office = await addWorkingStaff(store, cookie, "office");
    const refused = await admin(
      "PATCH",
      "/api/admin/settings",
      { depositPercent: 10 },
      office.cookie,
    );
    expect(refused.status).toBe(403);
  });

  it("an installer builds only for an order he has a visit on; the quote comes out measured", async () => {
    const installer = await addWorkingStaff(store, cookie, "installer");
    const scratch = await admin(
      "POST",
      "/api/admin/quotes",
      { customer: CUSTOMER, items: sixWindows() },
      installer.cookie,
    );
    expect(scratch.status).toBe(403);
    expect(scratch.body.error.code).toBe("forbidden");
    const order = await insertTestOrder(store.services.db, { status: "confirmed" });
    const visit = await admin("POST", `/api/admin/orders/${order.id}/visits`, {
      kind: "measure",
      date: addDays(storeToday(), 1),
      start: "09:00",
      end: "11:00",
      staffId: installer.id,
      notifyCustomer: false,
    });
    expect(visit.status).toBe(201);
    const built = await admin(
      "POST",
      "/api/admin/quotes",
      { customer: CUSTOMER, items: sixWindows(), visitId: visit.body.id },
      installer.cookie,
    );
    expect(built.status).toBe(201);
    expect(built.body.orderId).toBe(order.id);
    const sent = await admin(
      "POST",
      `/api/admin/quotes/${built.body.id}/send`,
      undefined,
      installer.cookie,
    );
    expect(sent.status).toBe(200);
    const token = String(
      (await admin("GET", `/api/admin/quotes/${built.body.id}`)).body.link,
    ).split("/quotes/")[1];
    const accepted = await customer("POST", `/api/quotes/${token}/accept`, {
      signatureName: "Maria Lopez",
      agree: true,
      revision: 1,
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.reference).toBe(order.reference);
    const row = await store.services.db
      .selectFrom("orders")
      .select(["status", "item_count"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("measured");
    expect(Number(row.item_count)).toBe(6);
  });
});
