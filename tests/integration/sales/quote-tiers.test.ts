/**
 * Good, better, best on both databases (decisions 570, 571): alternatives on a quote item, each
 * priced by the one pricing module, shown with ids and prices; the item counts until the customer
 * picks another; the accept's `choices` make the order, totals, deposit, signature and agreement;
 * an unknown pair is a 400; two accepts with different choices at once make one order.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { calculateQuoteTotals, type QuoteLine } from "../../../domain/sales/quote";
import { loginCookie } from "../../support/admin-fixtures";
import { SAMPLE_QUOTE_CUSTOMER, VINYL_INSTALLED, ZEBRA_CORDLESS } from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

/** Fabric verticals 36 3/8" × 48" installed: 12.125 sq ft × $6.50 = $78.81 + $75 = $153.81. */
const FABRIC_INSTALLED = {
  productId: 5,
  width: 36.375,
  height: 48,
  selectedColor: "ivory",
  includeInstallation: true,
};

/** The living room window in three tiers (vinyl, fabric, zebra) and a kitchen window. */
function tieredItems() {
  return [
    {
      ...VINYL_INSTALLED,
      roomLabel: "Living room",
      quantity: 2,
      alternatives: [FABRIC_INSTALLED, { ...ZEBRA_CORDLESS, quantity: 1 }],
    },
    { ...VINYL_INSTALLED, roomLabel: "Kitchen" },
  ];
}

interface WireItem {
  id: number;
  name: string;
  roomLabel: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  optional: boolean;
  tier: number | null;
  alternatives: WireItem[];
}

function linesOf(items: readonly WireItem[]): QuoteLine[] {
  return items.map((i) => ({
    id: i.id,
    unitPriceCents: Math.round(i.unitPrice * 100),
    quantity: i.quantity,
    optional: i.optional,
    alternatives: i.alternatives.map((a) => ({
      id: a.id,
      unitPriceCents: Math.round(a.unitPrice * 100),
      quantity: a.quantity,
    })),
  }));
}

/** poppler's pdftotext, from standard input. */
function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf, encoding: "utf8" });
}

describeEachDialect("good, better, best on %s", (dialect) => {
  let store: TestStore;
  let cookie: string;
  const admin = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie });
  const customer = (method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { "user-agent": "Vitest phone" });

  beforeAll(async () => {
    store = await createTestStore(dialect);
    cookie = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function sentQuote(items: unknown[] = tieredItems()) {
    const created = await admin("POST", "/api/admin/quotes", {
      customer: SAMPLE_QUOTE_CUSTOMER,
      items,
      discountPercent: 5,
    });
    expect(created.body.error?.message).toBeUndefined();
    expect(created.status).toBe(201);
    const sent = await admin("POST", `/api/admin/quotes/${created.body.id}/send`);
    expect(sent.status).toBe(200);
    const detail = await admin("GET", `/api/admin/quotes/${created.body.id}`);
    const token = String(detail.body.link).split("/quotes/")[1] ?? "";
    return { quote: detail.body, token };
  }

  it("prices each alternative by the pricing module; the item counts until another is chosen", async () => {
    const { quote, token } = await sentQuote();
    const [living, kitchen] = quote.items as WireItem[];
    expect(quote.items).toHaveLength(2);
    expect(living).toMatchObject({ name: "Vinyl Vertical Blinds", tier: 1, quantity: 2 });
    expect(kitchen).toMatchObject({ tier: null, alternatives: [] });
    // Each alternative its own product and price; quantity and room from the item unless given.
    expect(living?.alternatives).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        name: "Fabric Vertical Blinds",
        roomLabel: "Living room",
        quantity: 2,
        unitPrice: 153.81,
        lineTotal: 307.62,
        tier: 2,
      }),
      expect.objectContaining({
        name: "Zebra Shades",
        roomLabel: "Living room",
        quantity: 1,
        unitPrice: 96,
        lineTotal: 96,
        tier: 3,
      }),
    ]);
    const ids = [living, ...(living?.alternatives ?? []), kitchen].map((i) => i?.id);
    expect(new Set(ids).size).toBe(4);
    // The totals count the item itself (two vinyl and the kitchen's), none of the alternatives.
    const first = calculateQuoteTotals(
      linesOf(quote.items),
      { discountPercent: 5, depositPercent: 50 },
      store.config.business,
    );
    const vinylOnly = calculateQuoteTotals(
      [
        { id: 1, unitPriceCents: 129_56, quantity: 2, optional: false },
        { id: 2, unitPriceCents: 129_56, quantity: 1, optional: false },
      ],
      { discountPercent: 5, depositPercent: 50 },
      store.config.business,
    );
    expect(first.totalCents).toBe(vinylOnly.totalCents);
    expect(quote.totals.total).toBe(first.totalCents / 100);
    const list = await admin("GET", "/api/admin/quotes");
    const entry = list.body.find((q: { id: number }) => q.id === quote.id);
    expect(Math.round(entry.total * 100)).toBe(first.totalCents);

    // The customer's page shows the same tiers, with ids.
    const page = await customer("GET", `/api/quotes/${token}`);
    expect(page.body.items[0].alternatives.map((a: WireItem) => a.id)).toEqual(
      living?.alternatives.map((a) => a.id),
    );
  });

  it("refuses alternatives the schema can't take, naming the field", async () => {
    const bad = async (alternatives: unknown, field: string, words: string) => {
      const res = await admin("POST", "/api/admin/quotes", {
        customer: SAMPLE_QUOTE_CUSTOMER,
        items: [{ ...VINYL_INSTALLED, alternatives }],
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(field);
      expect(res.body.error.message).toContain(words);
    };
    await bad("fabric", "items.0.alternatives", "alternatives must be a list of items");
    await bad([{ ...FABRIC_INSTALLED, width: 500 }], "items.0.alternatives.0.width", "width");
    await bad(
      [{ ...FABRIC_INSTALLED, optional: true }],
      "items.0.alternatives.0.optional",
      "optional",
    );
    await bad(
      Array.from({ length: 5 }, () => FABRIC_INSTALLED),
      "items.0.alternatives",
      "at most 4 alternatives",
    );
  });

  it("keeps alternatives through a change of the quote", async () => {
    const { quote } = await sentQuote();
    const patched = await admin("PATCH", `/api/admin/quotes/${quote.id}`, {
      items: [{ ...VINYL_INSTALLED, alternatives: [FABRIC_INSTALLED] }],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.items).toHaveLength(1);
    expect(patched.body.items[0].alternatives).toHaveLength(1);
    const noted = await admin("PATCH", `/api/admin/quotes/${quote.id}`, { note: "Valance" });
    expect(noted.body.items[0].alternatives[0]).toMatchObject({ name: "Fabric Vertical Blinds" });
    expect(noted.body.totals).toEqual(patched.body.totals);
  });

  it("accepts the middle tier: the order, totals, deposit and signature follow the choice", async () => {
    const { quote, token } = await sentQuote();
    const living = quote.items[0] as WireItem;
    const better = living.alternatives[0];
    if (!better) throw new Error("the quote lost its alternatives");
    const path = `/api/quotes/${token}/accept`;
    const base = { signatureName: "Maria Lopez", agree: true, revision: 1 };
    for (const [choices, words] of [
      [[{ itemId: living.id, alternativeId: 999_999 }], "is not an alternative offered"],
      [[{ itemId: quote.items[1].id, alternativeId: better.id }], "is not an alternative offered"],
      [[{ itemId: 999_999, alternativeId: better.id }], "is not an item of this quote"],
      [[{ itemId: living.id }], "alternativeId"],
      ["better", "choices must be a list"],
    ] as const) {
      const refused = await customer("POST", path, { ...base, choices });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain(words);
    }

    const choices = [{ itemId: living.id, alternativeId: better.id }];
    const accepted = await customer("POST", path, { ...base, choices });
    expect(accepted.status).toBe(201);
    const expected = calculateQuoteTotals(
      linesOf(quote.items),
      { discountPercent: 5, depositPercent: 50 },
      store.config.business,
      [],
      choices,
    );
    expect(accepted.body.depositDue).toBe(expected.depositCents / 100);

    const detail = await admin("GET", `/api/admin/quotes/${quote.id}`);
    expect(detail.body.signature.choices).toEqual(choices);
    const order = await admin("GET", `/api/admin/orders/${detail.body.acceptedOrderId}`);
    expect(order.body.items.map((i: { productName: string }) => i.productName)).toEqual([
      "Fabric Vertical Blinds",
      "Vinyl Vertical Blinds",
    ]);
    expect(order.body.items[0]).toMatchObject({ quantity: 2, roomLabel: "Living room" });
    expect(Math.round(order.body.total_amount * 100)).toBe(expected.totalCents);
    expect(Math.round(order.body.tax * 100)).toBe(expected.taxCents);
    const row = await store.services.db
      .selectFrom("orders")
      .select(["deposit_cents", "item_count"])
      .where("id", "=", detail.body.acceptedOrderId)
      .executeTakeFirstOrThrow();
    expect(Number(row.deposit_cents)).toBe(expected.depositCents);
    expect(Number(row.item_count)).toBe(2);
    const page = await customer("GET", `/api/quotes/${token}`);
    expect(page.body.signature.choices).toEqual(choices);

    // The signed agreement prints the tier chosen.
    await store.services.emails.flush();
    const agreement = store.sentEmails.find(
      (e) => e.subject === `Your signed agreement: Order #${accepted.body.orderNumber}`,
    );
    const text = pdfText(Buffer.from(agreement?.attachments?.[0]?.content ?? "", "base64"));
    expect(text).toContain("Better: chosen, Fabric Vertical Blinds");
    expect(text).not.toContain("Zebra Shades");
  });

  it("choices and optional items are independent", async () => {
    const { quote, token } = await sentQuote([
      { ...VINYL_INSTALLED, roomLabel: "Kitchen" },
      { ...VINYL_INSTALLED, roomLabel: "Porch", optional: true, alternatives: [FABRIC_INSTALLED] },
    ]);
    const porch = quote.items[1] as WireItem;
    const fabric = porch.alternatives[0];
    if (!fabric) throw new Error("the quote lost its alternative");
    const choices = [{ itemId: porch.id, alternativeId: fabric.id }];
    // The porch's tier is chosen but the porch not ticked: it is not ordered.
    const accepted = await customer("POST", `/api/quotes/${token}/accept`, {
      signatureName: "Maria Lopez",
      agree: true,
      revision: 1,
      choices,
    });
    expect(accepted.status).toBe(201);
    const detail = await admin("GET", `/api/admin/quotes/${quote.id}`);
    const order = await admin("GET", `/api/admin/orders/${detail.body.acceptedOrderId}`);
    expect(order.body.items).toHaveLength(1);
    expect(order.body.items[0]).toMatchObject({ roomLabel: "Kitchen" });

    const ticked = await sentQuote([
      { ...VINYL_INSTALLED, roomLabel: "Kitchen" },
      { ...VINYL_INSTALLED, roomLabel: "Porch", optional: true, alternatives: [FABRIC_INSTALLED] },
    ]);
    const porch2 = ticked.quote.items[1] as WireItem;
    const fabric2 = porch2.alternatives[0];
    if (!fabric2) throw new Error("the quote lost its alternative");
    const both = await customer("POST", `/api/quotes/${ticked.token}/accept`, {
      signatureName: "Maria Lopez",
      agree: true,
      revision: 1,
      optionalItemIds: [porch2.id],
      choices: [{ itemId: porch2.id, alternativeId: fabric2.id }],
    });
    expect(both.status).toBe(201);
    const d2 = await admin("GET", `/api/admin/quotes/${ticked.quote.id}`);
    const o2 = await admin("GET", `/api/admin/orders/${d2.body.acceptedOrderId}`);
    expect(o2.body.items.map((i: { productName: string }) => i.productName)).toEqual([
      "Vinyl Vertical Blinds",
      "Fabric Vertical Blinds",
    ]);
  });

  it("two accepts with different choices at once make one order, of one choice", async () => {
    const { quote, token } = await sentQuote();
    const living = quote.items[0] as WireItem;
    const [better, best] = living.alternatives;
    if (!better || !best) throw new Error("the quote lost its alternatives");
    const body = (alternativeId: number) => ({
      signatureName: "Maria Lopez",
      agree: true,
      revision: 1,
      choices: [{ itemId: living.id, alternativeId }],
    });
    const [a, b] = await Promise.all([
      customer("POST", `/api/quotes/${token}/accept`, body(better.id)),
      customer("POST", `/api/quotes/${token}/accept`, body(best.id)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.orderNumber).toBe(b.body.orderNumber);
    const orders = await store.services.db
      .selectFrom("orders")
      .select("id")
      .where("order_number", "=", a.body.orderNumber)
      .execute();
    expect(orders).toHaveLength(1);
    // The order is the winner's choice, and the signature says the same one.
    const detail = await admin("GET", `/api/admin/quotes/${quote.id}`);
    const won = detail.body.signature.choices[0].alternativeId;
    expect([better.id, best.id]).toContain(won);
    const order = await admin("GET", `/api/admin/orders/${detail.body.acceptedOrderId}`);
    expect(order.body.items[0].productName).toBe(
      won === better.id ? "Fabric Vertical Blinds" : "Zebra Shades",
    );
    const signatures = await store.services.db
      .selectFrom("quote_signatures")
      .select("quote_id")
      .where("quote_id", "=", quote.id)
      .execute();
    expect(signatures).toHaveLength(1);
  });

  it("the dashboard says which tier sold this month", async () => {
    const count = (body: { tiersSold: { tier: number; windows: number }[] }, tier: number) =>
      body.tiersSold.find((t) => t.tier === tier)?.windows ?? 0;
    const before = (await admin("GET", "/api/admin/quote-summary")).body;
    const accept = async (pick: (item: WireItem) => number | null) => {
      const { quote, token } = await sentQuote();
      const living = quote.items[0] as WireItem;
      const alternativeId = pick(living);
      const res = await customer("POST", `/api/quotes/${token}/accept`, {
        signatureName: "Maria Lopez",
        agree: true,
        revision: 1,
        choices: alternativeId ? [{ itemId: living.id, alternativeId }] : [],
      });
      expect(res.status).toBe(201);
    };
    await accept((item) => item.alternatives[1]?.id ?? null); // best
    await accept(() => null); // good: the item itself
    await sentQuote(); // offered, not answered: not counted
    const after = (await admin("GET", "/api/admin/quote-summary")).body;
    expect(count(after, 1) - count(before, 1)).toBe(1);
    expect(count(after, 2) - count(before, 2)).toBe(0);
    expect(count(after, 3) - count(before, 3)).toBe(1);
  });
});
