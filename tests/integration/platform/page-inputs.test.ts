/**
 * Page actions read their input through the same parser as the API: a body they can't read (wrong content type, malformed multipart, NUL characters)
 * is refused with 400 or 415 and a message, never a 500 with a stack trace in the log. Every
 * page route with an action is found in the server build, so a new action is covered at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestMessage, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore, pageActionRoutes } from "../../support/page-app";
import { SAMPLE_ITEM } from "../../support/sample-items";
import { sampleCustomer } from "../../support/shopper";
import { request } from "../../support/test-app";
import { availableDialects } from "../../support/test-database";

const ORIGIN = { "x-forwarded-for": "198.51.100.77" };

interface BadBody {
  name: string;
  contentType: string | undefined;
  body: string;
  status: number;
}

const BAD_BODIES: BadBody[] = [
  { name: "JSON", contentType: "application/json", body: '{"password":"x"}', status: 415 },
  { name: "text/plain", contentType: "text/plain", body: "hello", status: 415 },
  { name: "no content type", contentType: undefined, body: "a=b", status: 415 },
  {
    name: "malformed multipart",
    contentType: "multipart/form-data; boundary=----x",
    body: "this is not multipart",
    status: 400,
  },
  {
    name: "multipart without boundary",
    contentType: "multipart/form-data",
    body: "--x--",
    status: 400,
  },
  {
    name: "NUL in a field",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=note&body=a%00b&message=a%00b&password=a%00b&itemId=1&quantity=1",
    status: 400,
  },
  {
    name: "NUL in a field name",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=note&a%00b=c",
    status: 400,
  },
];

/** A stack trace line as Node prints them ("    at fn (file:line:col)"), or an unhandled error. */
function stackTraceIn(lines: string[]): string | undefined {
  return lines.find((l) => /\bat \S+ \(|\\n\s+at |unhandled error/.test(l));
}

describe.each(availableDialects())("page actions refuse bad input on %s", (dialect) => {
  let store: PageTestStore;
  let admin: string;
  let cart: string;
  const params: Record<string, string> = {};

  beforeAll(async () => {
    store = await createPageTestStore(dialect, { TRUST_PROXY: "true" });
    admin = await loginCookie(store);
    params.orderId = String((await insertTestOrder(store.services.db)).id);
    params.messageId = String(await insertTestMessage(store.services.db));
    // The installer's job card finds its visit before reading the form.
    const now = new Date().toISOString();
    const visit = await store.services.db
      .insertInto("visits")
      .values({
        order_id: Number(params.orderId),
        kind: "install",
        status: "scheduled",
        visit_date: "2099-01-05",
        start_time: "09:00",
        end_time: "11:00",
        staff_id: null,
        uid: "page-inputs-visit@example.com",
        sequence: 0,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    params.visitId = String(visit.id);
    const estimate = await store.services.estimates.submit(
      {
        firstName: "Dana",
        lastName: "Reyes",
        email: "dana@example.com",
        phone: "(239) 555-0100",
        address: "12 Palm Ave",
        city: "Cape Coral",
        zipCode: "33904",
        windowCount: 2,
        productTypes: [],
        preferredWindow: null,
        message: null,
        website: undefined,
      },
      [],
      "203.0.113.9",
    );
    const row = await store.services.db
      .selectFrom("estimate_requests")
      .select("id")
      .where("reference", "=", estimate.reference)
      .executeTakeFirstOrThrow();
    params.estimateId = String(row.id);
    // Pages whose action finds its record after reading the form: any well-formed value.
    params.productType = "vinyl";
    params.quoteId = "1";
    params.poId = "1";
    params.supplierId = "1";
    const text = await store.services.textInbox.receive({
      From: "+12395550144",
      Body: "Hello",
      MessageSid: `SM${"a".repeat(32)}`,
      NumMedia: 0,
    });
    params.threadId = String(text.threadId);
    params.token = "A".repeat(22);
    params.reference = "B".repeat(12);
    const added = await request(store, "POST", "/api/cart", SAMPLE_ITEM, ORIGIN);
    expect(added.status).toBe(201);
    cart = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  function urlOf(pattern: string): string {
    return pattern.replace(/:(\w+)/g, (_m, name: string) => {
      const value = params[name];
      if (!value) throw new Error(`no test value for :${name} in ${pattern}: add it to params`);
      return value;
    });
  }

  async function post(path: string, contentType: string | undefined, body: string) {
    const headers: Record<string, string> = { ...ORIGIN, cookie: `${admin}; ${cart}` };
    if (contentType) headers["content-type"] = contentType;
    const res = await store.app.request(path, { method: "POST", headers, body });
    return { status: res.status, text: await res.text() };
  }

  it("finds the page actions in the build", () => {
    const ids = pageActionRoutes(store.build).map((r) => r.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "routes/orders/checkout",
        "routes/requests/contact",
        "routes/admin/layout",
      ]),
    );
  });

  it("answers every bad body class with 4xx and a message, on the page and its .data", async () => {
    const wrong: string[] = [];
    for (const route of pageActionRoutes(store.build)) {
      for (const bad of BAD_BODIES) {
        for (const suffix of ["", ".data"]) {
          const path = `${urlOf(route.path)}${suffix}`;
          store.logLines.length = 0;
          const res = await post(path, bad.contentType, bad.body);
          const trace = stackTraceIn(store.logLines);
          if (res.status !== bad.status || trace) {
            wrong.push(
              `${bad.name} → POST ${path}: ${res.status}${trace ? ` (logged ${trace.slice(0, 120)})` : ""}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it("refuses a NUL in the checkout form with a message naming the field", async () => {
    const customer = sampleCustomer(1, "nul");
    const form = new URLSearchParams({ ...customer, address: "12 Main\u0000 St" });
    const res = await post("/checkout", "application/x-www-form-urlencoded", form.toString());
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/must not contain NUL characters/);
    expect(stackTraceIn(store.logLines)).toBeUndefined();
  });

  it("shows a service's refusal (thrown by the server's copy of AppError) on the page", async () => {
    store.logLines.length = 0;
    const form = new URLSearchParams({ ...sampleCustomer(2, "zip"), zipCode: "10001" });
    const res = await post("/checkout", "application/x-www-form-urlencoded", form.toString());
    expect(res.status).toBe(422);
    expect(res.text).toContain("Outside Our Service Area");
    expect(stackTraceIn(store.logLines)).toBeUndefined();
  });

  it("refuses a NUL in the contact form and in an admin note", async () => {
    const contact = new URLSearchParams({
      firstName: "Dana",
      lastName: "Reyes",
      email: "dana@example.com",
      phone: "(239) 555-0100",
      subject: "Hello",
      message: "Could you\u0000 call me?",
      preferredContactMethod: "phone",
    });
    const c = await post("/contact", "application/x-www-form-urlencoded", contact.toString());
    expect(c.status).toBe(400);
    const note = new URLSearchParams({ intent: "note", body: "call\u0000 back" });
    const n = await post(
      `/admin/orders/${params.orderId}`,
      "application/x-www-form-urlencoded",
      note.toString(),
    );
    expect(n.status).toBe(400);
    expect(n.text).toMatch(/must not contain NUL characters/);
    expect(stackTraceIn(store.logLines)).toBeUndefined();
  });

  it("answers 400 to a NUL in the admin search, not 500", async () => {
    store.logLines.length = 0;
    for (const path of ["/admin?q=%00", "/admin.data?q=%00", "/admin/messages?q=%00"]) {
      const res = await store.app.request(path, { headers: { cookie: admin } });
      expect(res.status, path).toBe(400);
    }
    expect(stackTraceIn(store.logLines)).toBeUndefined();
  });
});
