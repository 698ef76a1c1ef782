/**
 * In the browser: the owner builds a quote on a phone (six windows and one
 * optional item), saves and sends it; the customer opens it on a phone, ticks the optional item
 * (the total changes at once), signs and accepts; the order is made. Axe at 375 and 1280 px on
 * the list, the builder, the quote's detail, the customer's page and the settings.
 * With QUOTE_SCREENSHOTS=1 it also writes the builder's and the customer's page's screenshots.
 */
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { axeAtBothSizes, DESKTOP, PHONE, waitForHydration } from "./fixtures";

const SHOTS = process.env.QUOTE_SCREENSHOTS === "1";

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [size, label] of [
    [PHONE, "375"],
    [DESKTOP, "1280"],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `docs/screenshots/${name}-${label}.jpg`,
      type: "jpeg",
      quality: 70,
      fullPage: false,
    });
  }
}

test("a six-window quote built on a phone, accepted on the customer's phone", async ({
  page,
  browser,
}) => {
  // Long on a loaded machine: seven windows typed on a phone, and axe at two sizes on five pages.
  test.setTimeout(900_000);
  const lastName = `Quote${Date.now()}`;
  await page.setViewportSize(PHONE);
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  await page.goto("/admin/quotes");
  await expect(page.getByRole("heading", { level: 1, name: "Quotes" })).toBeVisible();
  await axeAtBothSizes(page);
  await page.setViewportSize(PHONE);
  await page.getByRole("link", { name: "New quote" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New quote" })).toBeVisible();
  await waitForHydration(page);

  const fill = async (label: string, value: string) =>
    page.getByLabel(label, { exact: true }).fill(value);
  await fill("First name", "Maria");
  await fill("Last name", lastName);
  await fill("Email", "maria.e2e@example.org");
  await fill("Phone", "(239) 555-0177");
  await fill("Street address", "1200 Palm Ave");
  await fill("City", "Fort Myers");
  await fill("ZIP code", "33901");

  const rooms = ["Living left", "Living right", "Kitchen", "Bedroom 1", "Bedroom 2", "Office"];
  const roomFields = page.getByLabel("Room label");
  await roomFields.nth(0).fill(rooms[0] ?? "");
  for (let n = 1; n < rooms.length + 1; n++) {
    await page.getByRole("button", { name: "Add a window" }).click();
    await roomFields.nth(n).fill(n < rooms.length ? (rooms[n] ?? "") : "Guest room");
  }
  await expect(roomFields).toHaveCount(7);
  // The seventh window is optional: the customer decides.
  await page.getByLabel("Optional (the customer chooses)").nth(6).check();
  await page
    .getByLabel(/^Width, inches/)
    .nth(6)
    .fill("30 1/4");
  await expect(page.getByText(/Optional items are not counted/)).toBeVisible();
  const total = page.getByTestId("quote-total").first();
  await expect(total).toHaveText(/^\$[\d,]+\.\d\d$/);
  await shoot(page, "quote-builder");
  await axeAtBothSizes(page);
  await page.setViewportSize(PHONE);
  await page.getByRole("button", { name: "Save quote" }).click();

  await expect(
    page.getByRole("heading", { level: 1, name: new RegExp(`^Quote Q-\\d+: Maria ${lastName}$`) }),
  ).toBeVisible();
  await expect(page.getByTestId("quote-status")).toHaveText("Draft");
  await page.getByRole("button", { name: "Send to the customer" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Sent to maria.e2e@example.org" }),
  ).toBeVisible();
  await expect(page.getByTestId("quote-status")).toHaveText("Sent");
  await axeAtBothSizes(page);
  const link = await page.getByRole("link", { name: "Customer's page" }).getAttribute("href");
  expect(link).toMatch(/\/quotes\/[A-Za-z0-9_-]{24}$/);

  // The customer's phone: a fresh browser with no admin session.
  const phone = await browser.newContext({ viewport: PHONE });
  const customer = await phone.newPage();
  const path = new URL(link ?? "", "http://x").pathname;
  const response = await customer.goto(path);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await waitForHydration(customer);
  await expect(customer.getByRole("heading", { level: 1, name: /^Quote Q-\d+$/ })).toBeVisible();
  await expect(customer.getByText("Notice of your right to cancel")).toBeVisible();
  // The customer reads what is asked of them, not the office's "Sent" or "Viewed".
  await expect(customer.getByTestId("quote-status")).toHaveText("Waiting for your answer");
  const before = await customer.getByTestId("quote-total").textContent();
  await customer.getByLabel("Add this optional item").check();
  await expect(customer.getByTestId("quote-total")).not.toHaveText(before ?? "");
  const withOptional = await customer.getByTestId("quote-total").textContent();
  await shoot(customer, "quote-customer");
  await axeAtBothSizes(customer);
  await customer.setViewportSize(PHONE);

  // Accepting without the name and "I agree" is refused, field by field.
  await customer.getByRole("button", { name: "Accept and sign" }).click();
  await expect(customer.getByText("Type your full name to sign").last()).toBeVisible();
  await customer.getByLabel("Type your full name to sign").fill(`Maria ${lastName}`);
  await customer.getByLabel(/^I agree/).check();
  await customer.getByRole("button", { name: "Accept and sign" }).click();
  await expect(customer.getByText(/^Accepted: Order #\d+$/)).toBeVisible();
  await expect(customer.getByRole("button", { name: "Cancel my order" })).toBeVisible();
  await expect(customer.getByTestId("quote-total")).toHaveText(withOptional ?? "");
  await axeAtBothSizes(customer);
  await phone.close();

  await page.reload();
  await expect(page.getByTestId("quote-status")).toHaveText("Accepted");
  // Opened once: the page reloading its own data after the customer's answer is no new view
  //.
  await expect(page.getByText(/^Opened 1 time, first on /)).toBeVisible();
  await page.getByRole("link", { name: "See the order made from this quote" }).click();
  await expect(page.getByText(withOptional ?? "").first()).toBeVisible();
});

test("the owner's sales settings page", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel(/^Largest discount/).fill("120");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(
    page.getByText("maxDiscountPercent must be a whole number from 0 to 100"),
  ).toBeVisible();
  await page.getByLabel(/^Largest discount/).fill("15");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await axeAtBothSizes(page);
});
