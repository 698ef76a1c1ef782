/**
 * The back office where the owner and the installer look: the dashboard's leads and the sidebar's counts,
 * the order page led by who, where, status, next step and balance on a phone, the orders list
 * as cards, a result shown at the form that was pressed, the job card's checklist unticked and
 * the installer's home listing what comes next. With BACK_OFFICE_SHOTS=<prefix> each page is
 * also written at 375 and 1280 px to docs/screenshots/<prefix>-<page>-<width>.jpg.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { addDays, storeToday } from "../../domain/scheduling/visit-time";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { VINYL_INSTALLED } from "../support/sample-items";
import { DESKTOP, PHONE, placeOrderThroughApi, waitForHydration } from "./fixtures";

test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.8" } });

const SHOTS = process.env.BACK_OFFICE_SHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [size, label] of [
    [PHONE, "375"],
    [DESKTOP, "1280"],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `docs/screenshots/${SHOTS}-${name}-${label}.jpg`,
      type: "jpeg",
      quality: 60,
      fullPage: true,
    });
  }
}

async function ok<T>(answer: Promise<{ ok(): boolean; text(): Promise<string> }>): Promise<T> {
  const res = await answer;
  const body = await res.text();
  expect(res.ok(), body).toBe(true);
  return JSON.parse(body) as T;
}

async function seed(admin: APIRequestContext, request: APIRequestContext, stamp: number) {
  const from = { "x-forwarded-for": `198.51.100.${(stamp % 200) + 30}` };
  const lastName = `Phone${stamp}`;
  await placeOrderThroughApi(request, {
    lastName,
    email: `phone.${stamp}@example.com`,
    phone: "(239) 555-0171",
    address: "12 Pelican Bay Dr",
    roomLabel: "Living room",
  });
  const orderId = (await ok<{ id: number }[]>(admin.get(`/api/admin/orders?q=${lastName}`)))[0]
    ?.id as number;
  const installerEmail = `phone.installer.${stamp}@example.com`;
  const installer = await ok<{ id: number }>(
    admin.post("/api/admin/staff", {
      data: {
        name: `Ivan ${stamp}`,
        email: installerEmail,
        role: "installer",
        password: "temporary-42x",
      },
    }),
  );
  const today = storeToday();
  const visit = await ok<{ id: number }>(
    admin.post(`/api/admin/orders/${orderId}/visits`, {
      data: { kind: "install", date: today, start: "13:00", end: "15:00", staffId: installer.id },
    }),
  );
  // A visit beyond this week, which the installer's home lists as what comes next.
  await ok(
    admin.post(`/api/admin/orders/${orderId}/visits`, {
      data: {
        kind: "measure",
        date: addDays(today, 10),
        start: "09:00",
        end: "11:00",
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
          phone: "(239) 555-0172",
          address: "9 Egret Ln",
          city: "Fort Myers",
          zipCode: "33901",
        },
        items: [
          VINYL_INSTALLED,
          { ...VINYL_INSTALLED, width: 52.5 },
          { ...VINYL_INSTALLED, roomLabel: "Den", optional: true },
        ],
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
        phone: "(239) 555-0173",
        address: "40 Heron Way",
        city: "Fort Myers",
        zipCode: "33901",
        windowCount: 4,
      },
    }),
  );
  return {
    orderId,
    visitId: visit.id,
    quoteId: quote.id,
    installerId: installer.id,
    installerEmail,
    lastName,
  };
}

test("the back office on a phone and at the desk", async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  await ok(
    page.request.post("/api/admin/login", {
      data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
    }),
  );
  const rows = await seed(page.request, request, stamp);

  await page.setViewportSize(DESKTOP);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The leads: the estimate request on the dashboard, the counts beside the sidebar's links.
  await expect(page.getByRole("link", { name: `Esme ${rows.lastName}, Fort Myers` })).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  await expect(sidebar.getByRole("link", { name: "Estimates" })).toHaveAccessibleDescription(
    /^\d+ waiting$/,
  );
  await shoot(page, "dashboard");

  // On a phone the orders are cards, status and balance in view.
  await page.setViewportSize(PHONE);
  await page.goto(`/admin/orders?q=${rows.lastName}`);
  const card = page.getByRole("listitem").filter({ hasText: `E2E ${rows.lastName}` });
  await expect(card.getByText(/due of \$/)).toBeVisible();
  await expect(card.getByText("Pending")).toBeVisible();
  await page.goto("/admin/orders");
  await shoot(page, "orders");

  // The order page leads with who, where, the status, the next step and the balance.
  await page.setViewportSize(PHONE);
  await page.goto(`/admin/orders/${rows.orderId}`);
  await waitForHydration(page);
  const glance = page.getByRole("region", { name: "At a glance" });
  await expect(glance.getByRole("link", { name: "Call (239) 555-0171" })).toHaveAttribute(
    "href",
    "tel:2395550171",
  );
  await expect(glance.getByText(/^Installation visit: /)).toBeVisible();
  const glanceBox = await glance.boundingBox();
  expect(glanceBox?.y ?? 9999).toBeLessThan(400);
  await shoot(page, "order");

  // A payment's answer is beside the payment form, and takes focus.
  await page.setViewportSize(DESKTOP);
  const pay = page.getByRole("form", { name: "Record a payment or refund" });
  await pay.getByLabel(/^Amount/).fill("20");
  await pay.getByLabel("Method").selectOption("cash");
  await pay.getByRole("button", { name: "Record payment" }).click();
  const paid = page.locator("#payments-result").getByRole("status");
  await expect(paid).toBeVisible();
  await expect(page.locator("#payments-result")).toBeFocused();
  await expect(paid).toBeInViewport();

  // Hours: Monday's copied onto Tuesday–Friday, days off picked as dates.
  await page.goto("/admin/staff");
  await waitForHydration(page);
  const person = page.getByRole("listitem").filter({ hasText: `Ivan ${stamp}` });
  await person.getByText("Hours and days off").click();
  await person.getByLabel("From on Monday", { exact: true }).fill("08:00");
  await person.getByLabel("To on Monday", { exact: true }).fill("16:00");
  await person.getByRole("button", { name: /^Copy Monday to Tuesday–Friday/ }).click();
  await expect(person.getByLabel("From on Friday", { exact: true })).toHaveValue("08:00");
  await expect(person.getByLabel("To on Thursday", { exact: true })).toHaveValue("16:00");
  await expect(person.getByLabel("From on Saturday", { exact: true })).toHaveValue("");
  await person.getByLabel("From (day off 1)").fill(addDays(storeToday(), 30));
  await person.getByRole("button", { name: /^Save hours/ }).click();
  await expect(page.locator(`#person-${rows.installerId}-hours`).getByRole("status")).toHaveText(
    /Hours saved/,
  );
  await shoot(page, "staff");

  // The quote builder reads "35 1/4" typed over the width.
  await page.goto(`/admin/quotes/${rows.quoteId}`);
  await waitForHydration(page);
  const width = page.getByLabel(/^Width, inches/).first();
  await width.fill("35 1/4");
  await expect(width).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Width, eighths").first()).toHaveValue("0.25");
  await shoot(page, "quote");

  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": "198.18.0.9" },
  });
  const installer = await context.newPage();
  await ok(
    installer.request.post("/api/admin/login", {
      data: { email: rows.installerEmail, password: "temporary-42x" },
    }),
  );
  await ok(
    installer.request.post("/api/admin/password", {
      data: { currentPassword: "temporary-42x", newPassword: "ivan-own-password-42" },
    }),
  );
  await installer.setViewportSize(PHONE);
  await installer.goto("/admin");
  await waitForHydration(installer);
  // What comes after this week is listed, not a dead end.
  await expect(
    installer
      .getByRole("region", { name: "My next visits" })
      .getByRole("link", { name: /Measurement visit$/ }),
  ).toHaveCount(1);
  await shoot(installer, "installer-home");
  await installer.goto(`/admin/visits/${rows.visitId}`);
  await expect(installer.getByRole("radio", { name: "Installed" }).first()).not.toBeChecked();
  await expect(installer.getByRole("button", { name: /On my way, arriving in 30/ })).toBeVisible();
  await shoot(installer, "job-card");
  await context.close();
});
