/**
 * Every back-office page with real rows, at 375 and 1280 px, through axe (WCAG 2.2 AA): as the
 * owner, and the installer's own pages as an installer. The rows are made through the store's
 * API as the other specs make them: an order with a supplier's purchase order and an installer's
 * visit, a quote, a sample and an estimate request, a message and a review. Every page is
 * visited before the test fails, so one run lists all the violations.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { storeToday } from "../../domain/scheduling/visit-time";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { VINYL_INSTALLED } from "../support/sample-items";
import { axeViolations, DESKTOP, PHONE, placeOrderThroughApi } from "./fixtures";

// This spec's own client address (TRUST_PROXY is on for e2e): a fast run places more than
// ten orders in ten minutes across the specs, and each address may place ten (rate-limits.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.2" } });

async function ok<T>(answer: Promise<{ ok(): boolean; text(): Promise<string> }>): Promise<T> {
  const res = await answer;
  const body = await res.text();
  expect(res.ok(), body).toBe(true);
  return JSON.parse(body) as T;
}

/** The rows every page lists or shows; answers the paths of the pages that show one row. */
async function seed(admin: APIRequestContext, request: APIRequestContext, stamp: number) {
  // From its own address, so these requests use no other spec's rate limits.
  const from = { "x-forwarded-for": `198.51.100.${(stamp % 200) + 20}` };
  const lastName = `Walk${stamp}`;
  await placeOrderThroughApi(request, {
    lastName,
    email: `walk.${stamp}@example.com`,
    phone: "(239) 555-0163",
    address: "7 Sandpiper Ct",
    roomLabel: "Living room",
  });
  const orderId = (await ok<{ id: number }[]>(admin.get(`/api/admin/orders?q=${lastName}`)))[0]
    ?.id as number;

  // A supplier makes the vinyl blinds; the confirmed order gets its purchase order.
  const supplier = await ok<{ id: number }>(
    admin.post("/api/admin/suppliers", {
      data: { name: `Walk Vinyl ${stamp}`, email: `po.${stamp}@example.com`, leadDays: 10 },
    }),
  );
  await ok(admin.patch("/api/admin/products/1", { data: { supplierId: supplier.id } }));
  await ok(admin.post(`/api/admin/orders/${orderId}/status`, { data: { status: "confirmed" } }));
  const made = await ok<{ purchaseOrders: { id: number }[] }>(
    admin.post(`/api/admin/orders/${orderId}/purchase-orders`),
  );
  const poId = made.purchaseOrders[0]?.id as number;

  // An installer with today's installation visit on that order.
  const installerEmail = `walker.${stamp}@example.com`;
  const installer = await ok<{ id: number }>(
    admin.post("/api/admin/staff", {
      data: {
        name: `Walker ${stamp}`,
        email: installerEmail,
        role: "installer",
        password: "temporary-42x",
      },
    }),
  );
  const visit = await ok<{ id: number }>(
    admin.post(`/api/admin/orders/${orderId}/visits`, {
      data: {
        kind: "install",
        date: storeToday(),
        start: "13:00",
        end: "15:00",
        staffId: installer.id,
      },
    }),
  );

  const quote = await ok<{ id: number }>(
    admin.post("/api/admin/quotes", {
      data: {
        customer: {
          firstName: "Quinn",
          lastName,
          email: `quinn.${stamp}@example.com`,
          phone: "(239) 555-0164",
          address: "9 Egret Ln",
          city: "Fort Myers",
          zipCode: "33901",
        },
        items: [VINYL_INSTALLED, { ...VINYL_INSTALLED, roomLabel: "Den", optional: true }],
      },
    }),
  );

  await ok(
    request.post("/api/samples", {
      headers: from,
      data: {
        name: `Sam ${lastName}`,
        email: `sam.${stamp}@example.com`,
        address: "3 Heron Way",
        city: "Cape Coral",
        zipCode: "33904",
        items: [{ productType: "vinyl", color: "white" }],
      },
    }),
  );
  await ok(
    request.post("/api/estimates", {
      headers: from,
      data: {
        firstName: "Esme",
        lastName,
        email: `esme.${stamp}@example.com`,
        phone: "(239) 555-0165",
        address: "40 Heron Way",
        city: "Fort Myers",
        zipCode: "33901",
        windowCount: 4,
      },
    }),
  );
  await ok(
    request.post("/api/contact", {
      headers: from,
      data: {
        firstName: "Mira",
        lastName,
        email: `mira.${stamp}@example.com`,
        phone: "(239) 555-0166",
        subject: "Shutters for a bay window",
        message: "Could someone measure a three-part bay window next week?",
        preferredContactMethod: "email",
      },
    }),
  );
  await ok(
    request.post("/api/reviews", {
      headers: from,
      data: {
        customerName: `Rae ${lastName}`,
        customerEmail: `rae.${stamp}@example.com`,
        customerLocation: "Fort Myers",
        productType: "vinyl",
        rating: 5,
        reviewText: "Measured on time and the blinds fit the first time.",
      },
    }),
  );
  // The lists' rows carry the last name: the ones this run made.
  const mine = async (path: string) =>
    (await ok<{ id: number }[]>(admin.get(path))).find((row) =>
      JSON.stringify(row).includes(lastName),
    )?.id;
  const estimateId = await mine("/api/admin/estimates?status=all");
  const messageId = await mine("/api/admin/messages?status=all");
  return {
    orderId,
    poId,
    visitId: visit.id,
    quoteId: quote.id,
    estimateId,
    messageId,
    installerEmail,
  };
}

/** Each page at both widths; answers one line per violation, named by page and width. */
async function walk(
  page: Page,
  pages: readonly (readonly [path: string, shows?: string])[],
): Promise<string[]> {
  const found: string[] = [];
  for (const [path, shows] of pages) {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      const res = await page.goto(path);
      expect(res?.status(), `${path} answers`).toBeLessThan(400);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The page shows this run's row, not an empty state.
      if (shows)
        await expect(page.getByText(shows).filter({ visible: true }).first()).toBeVisible();
      for (const v of await axeViolations(page)) found.push(`${path} at ${size.width}px: ${v}`);
    }
  }
  return found;
}

test("every back-office page passes axe at 375 and 1280 px, with rows, for the owner and an installer", async ({
  page,
  browser,
  request,
}) => {
  // About thirty pages, each at two widths, on a shared two-core machine.
  test.setTimeout(900_000);
  const stamp = Date.now();
  const login = await page.request.post("/api/admin/login", {
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const rows = await seed(page.request, request, stamp);
  expect(rows.estimateId, "the estimate request is listed").toBeDefined();
  expect(rows.messageId, "the message is listed").toBeDefined();

  const lastName = `Walk${stamp}`;
  const ownerPages = [
    ["/admin"],
    ["/admin/orders", lastName],
    [`/admin/orders/${rows.orderId}`, lastName],
    [`/admin/orders/${rows.orderId}/sheet`, lastName],
    [`/admin/orders/${rows.orderId}/receipt`, lastName],
    ["/admin/visits"],
    [`/admin/visits/${rows.visitId}`, lastName],
    ["/admin/schedule"],
    ["/admin/estimates", lastName],
    [`/admin/estimates/${rows.estimateId}`, lastName],
    ["/admin/samples", lastName],
    ["/admin/messages", "Shutters for a bay window"],
    [`/admin/messages/${rows.messageId}`, "Shutters for a bay window"],
    ["/admin/reviews?status=pending", `Rae ${lastName}`],
    ["/admin/quotes", lastName],
    [`/admin/quotes/${rows.quoteId}`, lastName],
    ["/admin/purchase-orders", `Walk Vinyl ${stamp}`],
    [`/admin/purchase-orders/${rows.poId}`, `Walk Vinyl ${stamp}`],
    ["/admin/catalog", "Vinyl Vertical Blinds"],
    ["/admin/catalog?show=suppliers", `Walk Vinyl ${stamp}`],
    ["/admin/catalog?show=colors", "Add a color"],
    ["/admin/staff", `Walker ${stamp}`],
    ["/admin/settings"],
    ["/admin/reports"],
    ["/admin/audit"],
    ["/admin/security"],
    ["/admin/password"],
    ["/admin/two-factor"],
  ] as const;
  const found = await walk(page, ownerPages);

  // The installer, after choosing his own password, on his pages.
  const context = await browser.newContext();
  const installer = await context.newPage();
  await ok(
    installer.request.post("/api/admin/login", {
      data: { email: rows.installerEmail, password: "temporary-42x" },
    }),
  );
  await ok(
    installer.request.post("/api/admin/password", {
      data: { currentPassword: "temporary-42x", newPassword: "walker-own-password-42" },
    }),
  );
  found.push(
    ...(await walk(installer, [
      ["/admin/visits", lastName],
      [`/admin/visits/${rows.visitId}`, lastName],
      ["/admin/schedule"],
      ["/admin/password"],
      ["/admin/two-factor"],
    ])),
  );
  await context.close();
  expect(found, "axe violations on the back office's pages").toEqual([]);
});
