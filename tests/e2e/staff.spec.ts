/**
 * For staff accounts, as the owner and an installer do it in the browser:
 * the owner adds an installer with a temporary password and books him a visit; the installer
 * logs in, must choose his own password, sees only his own visit and its installation sheet,
 * records a payment there, and is refused the staff and audit pages; the owner finds those steps
 * in the audit log. Axe at 375 and 1280 px on the login form, /admin/password, /admin/staff and
 * /admin/audit.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { formatVisitWindow, storeToday } from "../../domain/scheduling/visit-time";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { axeAtBothSizes, placeOrderThroughApi, waitForHydration } from "./fixtures";

// This spec's own client address (TRUST_PROXY is on for e2e): a fast run places more than
// ten orders in ten minutes across the specs, and each address may place ten (rate-limits.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.11" } });

/** An order placed through the store's own API, as a shopper would; answers its reference. */
function placeOrder(request: APIRequestContext, lastName: string): Promise<string> {
  return placeOrderThroughApi(request, {
    lastName,
    email: "e2e.staff@example.com",
    phone: "(239) 555-0125",
    address: "300 Crew Lane",
  });
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
}

test("the owner adds an installer, who sees only his own work", async ({ page, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const installer = `Ina Crew${stamp}`;
  const installerEmail = `ina.${stamp}@example.com`;
  const temporary = "temporary-pass-42";
  const ownPassword = "ina-own-password-42";
  const mine = await placeOrder(request, `Mine${stamp}`);
  const notMine = await placeOrder(request, `Other${stamp}`);

  // The login form asks for email and password.
  await page.goto("/admin");
  await waitForHydration(page);
  await expect(page.getByLabel("Email")).toBeVisible();
  await axeAtBothSizes(page);

  // The owner adds the installer with a temporary password.
  await logIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Staff" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await waitForHydration(page);
  const add = page.getByRole("region", { name: "Add a person" });
  await add.getByLabel("Name").fill(installer);
  await add.getByLabel("Email").fill(installerEmail);
  await add.getByLabel("Role").selectOption("installer");
  await add.getByLabel("Temporary password").fill(temporary);
  await add.getByRole("button", { name: "Add person" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${installer} added.` })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: installer })).toBeVisible();
  await axeAtBothSizes(page);
  // His hours: a range typed on Monday's second row (the first left empty) that ends before it
  // starts is refused at that row's "To", not at the first row's.
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: installer }) });
  await card.getByText("Hours and days off").click();
  await card.getByLabel("From on Monday, second range").fill("14:00");
  await card.getByLabel("To on Monday, second range").fill("13:00");
  await card.getByRole("button", { name: `Save hours of ${installer}` }).click();
  const secondTo = card.getByLabel("To on Monday, second range");
  await expect(secondTo).toHaveAttribute("aria-invalid", "true");
  await expect(secondTo).toBeFocused();
  await expect(card.getByLabel("To on Monday", { exact: true })).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );

  // He books today's installation visit on one order for the installer; the other order's
  // visit goes to nobody.
  const today = storeToday();
  await page.goto(`/admin?q=Mine${stamp}`);
  await page.getByRole("link", { name: new RegExp(`^Order #\\d+ · ${mine}$`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(mine) })).toBeVisible();
  await waitForHydration(page);
  const visits = page.getByRole("form", { name: "Book a visit" });
  await visits.getByLabel("Kind of visit").selectOption("install");
  await visits.getByLabel("Date", { exact: true }).fill(today);
  await visits.getByLabel("From", { exact: true }).fill("08:00");
  await visits.getByLabel("To", { exact: true }).fill("10:00");
  await visits.getByLabel("Staff member").selectOption({ label: `${installer} (Installer)` });
  await visits.getByLabel("Email the customer a calendar invite").uncheck();
  await visits.getByRole("button", { name: "Book the visit" }).click();
  const words = formatVisitWindow({ date: today, start: "08:00", end: "10:00" });
  await expect(
    page.getByRole("status").filter({ hasText: `Installation visit booked: ${words}.` }),
  ).toBeVisible();
  const list = await page.request.get(`/api/admin/orders?q=Other${stamp}`);
  const [other] = (await list.json()) as { id: number }[];
  expect(other).toBeDefined();
  const booked = await page.request.post(`/api/admin/orders/${other?.id}/visits`, {
    data: {
      kind: "install",
      date: today,
      start: "12:00",
      end: "14:00",
      staffId: null,
      notifyCustomer: false,
    },
  });
  expect(booked.status()).toBe(201);
  await logOut(page);

  // The installer logs in with the temporary password: only the password page opens.
  await logIn(page, installerEmail, temporary);
  await expect(page).toHaveURL(/\/admin\/password$/);
  await expect(page.getByRole("heading", { level: 1, name: "My password" })).toBeVisible();
  await expect(page.getByText("You are using a temporary password.")).toBeVisible();
  await axeAtBothSizes(page);
  await page.goto("/admin/schedule");
  await expect(page).toHaveURL(/\/admin\/password$/);
  await waitForHydration(page);
  await page.getByLabel("Current password").fill(temporary);
  await page.getByLabel("New password (8 characters or more)").fill(ownPassword);
  await page.getByLabel("Repeat the new password").fill(ownPassword);
  await page.getByRole("button", { name: "Change password" }).click();

  // His dashboard is his own visits; his navigation only what he may open.
  await expect(page.getByRole("heading", { level: 1, name: "My visits" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText([
    "Dashboard",
    "My visits",
    "Quotes",
    "Schedule",
    // His visits' customers' texts (decision 552).
    "Texts",
    "My password",
    "Two-factor",
  ]);
  await page.getByRole("link", { name: "Open my schedule" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My schedule" })).toBeVisible();
  await expect(
    page.getByRole("link", { name: `Installation sheet for order ${mine}` }),
  ).toHaveCount(1);
  await expect(page.getByText(notMine)).toHaveCount(0);
  await expect(page.getByText("Not assigned", { exact: true })).toHaveCount(0);

  // The installation sheet of his visit, where he records what he collected.
  await page.getByRole("link", { name: `Installation sheet for order ${mine}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Installation sheet/ })).toBeVisible();
  await waitForHydration(page);
  const payment = page.getByRole("form", { name: "Record a payment or refund" });
  await payment.getByLabel(/^Amount/).fill("100");
  await payment.getByLabel("Method").selectOption("cash");
  await payment.getByRole("button", { name: /Record/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Payment of $100.00 recorded." }),
  ).toBeVisible();

  // Everything else is refused, and another order's sheet does not exist for him.
  const otherSheet = await page.goto(`/admin/orders/${other?.id}/sheet`);
  expect(otherSheet?.status()).toBe(404);
  for (const path of ["/admin/staff", "/admin/audit", "/admin/catalog"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Not available to your role" })).toBeVisible();
  }
  expect((await page.request.get("/api/admin/orders")).status()).toBe(403);
  expect(
    (await page.request.patch("/api/admin/products/1", { data: { ratePerSqFt: 1 } })).status(),
  ).toBe(403);
  await logOut(page);

  // The owner finds the installer's steps in the audit log.
  await logIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Person").selectOption({ label: installer });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/staffId=\d+/);
  for (const text of [
    "Logged in",
    "Replaced the temporary password",
    /: payment of \$100\.00 \(cash\)/,
  ]) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await page.getByLabel("Person").selectOption({ label: "Everyone" });
  await page.getByLabel("Kind").selectOption("staff");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(
    page.getByText(`Added ${installer} (Installer) with a temporary password`),
  ).toBeVisible();
  await axeAtBothSizes(page);
  await logOut(page);
});
