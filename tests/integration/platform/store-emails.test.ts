/**
 * The store's own emails, on both databases, as the mailer receives them: a new order, a contact message, an estimate and a sample
 * request each link the admin page of the thing, write the customer's phone as a tel: link and
 * carry the store's footer, never the customer's "your account" link; a contact or estimate
 * notice has Reply-To: the customer. The supplier's purchase order has no account link either.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../../../domain/shared/business";
import type { EmailMessage } from "../../../server/email/mailer";
import { purchaseOrderEmail } from "../../../server/email/purchase-order-pdf";
import { renderQuoteStoreNotice } from "../../../server/email/quote-emails";
import { placeOneOrder } from "../../support/shopper";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

let serial = 0;
const from = () => ({ "x-forwarded-for": `10.45.0.${++serial}` });

/** What every store email shares: the store's footer, no customer account link. */
function expectStoreFooter(email: Pick<EmailMessage, "text" | "html">) {
  expect(email.html).not.toContain("your account");
  expect(email.html).not.toContain("/account");
  expect(email.text).not.toContain("/account");
  expect(email.html).toContain(`href="tel:+12395550142"`);
}

describeEachDialect("the store's own emails on %s", (dialect) => {
  let store: TestStore;
  const publicUrl = () => store.config.publicUrl;

  async function storeEmails(): Promise<EmailMessage[]> {
    await store.services.emails.flush();
    return store.sentEmails.filter((e) => e.to === store.config.storeEmail);
  }

  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    // The customer's emails link their account from here: the store's must not.
    expect(store.config.business.siteUrl).toBeTruthy();
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(() => {
    store.sentEmails.length = 0;
  });

  it("a new order opens the order in the admin, the phone is tap-to-call", async () => {
    const placed = await placeOneOrder((...args) => request(store, ...args), 41, from(), {
      tag: "notice",
    });
    expect(placed.answer.status).toBe(201);
    const [notice] = await storeEmails();
    const order = await store.services.db
      .selectFrom("orders")
      .select(["id", "order_number"])
      .where("email", "=", placed.customer.email)
      .executeTakeFirstOrThrow();
    const admin = `${publicUrl()}/admin/orders/${order.id}`;
    expect(notice?.html).toContain(`href="${admin}"`);
    expect(notice?.text).toContain(admin);
    expect(notice?.html).not.toContain("/orders/T");
    expect(notice?.html).not.toMatch(new RegExp(`${publicUrl()}/orders/`));
    const phone = placed.customer.phone.replace(/\D/g, "");
    expect(notice?.html).toContain(`href="tel:+1${phone}"`);
    expect(notice?.replyTo).toBeUndefined();
    if (notice) expectStoreFooter(notice);
  });

  it("a contact message: the message's admin page, Reply-To the visitor", async () => {
    const res = await request(
      store,
      "POST",
      "/api/contact",
      {
        firstName: "Łukasz",
        lastName: "Nguyễn",
        email: "lukasz@example.org",
        phone: "(239) 555-0161",
        subject: "Shutters for a lanai",
        message: "Do you install on screened lanais?",
        preferredContactMethod: "phone",
      },
      from(),
    );
    expect(res.status).toBe(201);
    const [notice] = await storeEmails();
    expect(notice?.replyTo).toBe("lukasz@example.org");
    expect(notice?.html).toMatch(new RegExp(`href="${publicUrl()}/admin/messages/\\d+"`));
    expect(notice?.html).toContain('href="tel:+12395550161"');
    if (notice) expectStoreFooter(notice);
  });

  it("an estimate request: its admin page, Reply-To the customer", async () => {
    await store.services.estimates.submit(
      {
        firstName: "Dana",
        lastName: "Reyes",
        email: "dana.notice@example.com",
        phone: "(239) 555-0133",
        address: "4 Shell Ct",
        city: "Cape Coral",
        zipCode: "33904",
        windowCount: 6,
        productTypes: [],
        preferredWindow: null,
        message: null,
        website: undefined,
      },
      [],
      "203.0.113.77",
    );
    const [notice] = await storeEmails();
    expect(notice?.replyTo).toBe("dana.notice@example.com");
    const { id } = await store.services.db
      .selectFrom("estimate_requests")
      .select("id")
      .where("email", "=", "dana.notice@example.com")
      .executeTakeFirstOrThrow();
    expect(notice?.html).toContain(`href="${publicUrl()}/admin/estimates/${id}"`);
    expect(notice?.html).toContain('href="tel:+12395550133"');
    if (notice) expectStoreFooter(notice);
  });

  it("a sample request: the admin's sample requests, the store's footer", async () => {
    const res = await request(
      store,
      "POST",
      "/api/samples",
      {
        name: "Dana Reyes",
        email: "dana.samples@example.com",
        address: "12 Palm Ave",
        city: "Cape Coral",
        zipCode: "33904",
        items: [{ productType: "vinyl", color: "white" }],
      },
      from(),
    );
    expect(res.status).toBe(201);
    const [notice] = await storeEmails();
    expect(notice?.html).toContain(`href="${publicUrl()}/admin/samples"`);
    if (notice) expectStoreFooter(notice);
  });
});

it("a quote's store notice links the admin and dials the phone; the supplier's PO has no account link", () => {
  const business = { ...DEFAULT_BUSINESS, siteUrl: "https://shop.example" };
  const notice = renderQuoteStoreNotice(
    business,
    "Question about quote Q-1001",
    ["Maria asked:", "Can you do Friday?", "Reply to maria@example.org or call (239) 555-0177."],
    { href: "https://shop.example/admin/quotes/7", label: "Open quote Q-1001 in the admin" },
  );
  expect(notice.html).toContain('href="https://shop.example/admin/quotes/7"');
  expect(notice.html).toContain('href="tel:+12395550177"');
  expectStoreFooter(notice);
  const po = purchaseOrderEmail(
    business,
    {
      id: 1,
      poLabel: "PO-1001",
      orderNumber: 1042,
      supplierName: "Gulf Shutters",
      supplierEmail: "po@gulf.example",
      lineCount: 2,
    },
    Buffer.from("%PDF"),
  );
  expectStoreFooter(po);
});
