/**
 * Keyboard only, on a phone-sized screen: configure a vinyl blind with outside mount and left
 * control, add it to the cart, check out and place the order without a single click; then the
 * owner's installation sheet carries the options the shopper chose.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { expectNoAxeViolations, PHONE, waitForHydration } from "./fixtures";

// This spec's own client address (TRUST_PROXY is on for e2e): a fast run places more than
// ten orders in ten minutes across the specs, and each address may place ten (rate-limits.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.8" } });

/** Presses Tab until `target` has the focus (a keyboard user's way there), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 200): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

test("a vinyl blind configured, added and ordered with the keyboard alone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/product/vinyl");
  await waitForHydration(page);

  await typeInto(page, page.getByLabel("Width (inches)").first(), "40");
  await typeInto(page, page.getByLabel("Height (inches)").first(), "60");

  // A radio group is one Tab stop; the arrow keys move the choice.
  const inside = page.getByRole("radio", { name: /Inside mount/ });
  await tabTo(page, inside);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: /Outside mount/ })).toBeChecked();
  const right = page.getByRole("radio", { name: /^Right/ });
  await tabTo(page, right);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: /^Left/ })).toBeChecked();

  // 40 × 60 in at $4.50/sq ft = $75.00 (above the $39 minimum), no installation.
  const add = page.getByRole("button", { name: "Add to Cart - $75.00" }).last();
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Added to Cart");
  await expect(add).toBeFocused();

  const checkOut = toast.getByRole("link", { name: "Check out" });
  await tabTo(page, checkOut);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  for (const [label, value] of [
    ["First Name", "Kai"],
    ["Last Name", "Morales"],
    ["Email", "kai.morales@example.com"],
    ["Phone", "(239) 555-0123"],
    ["Street Address", "77 Heron Way"],
    ["City", "Fort Myers"],
    ["ZIP Code", "33907"],
  ] as const) {
    await typeInto(page, page.getByLabel(label, { exact: false }).first(), value);
  }
  const placeOrder = page.getByRole("button", { name: /Place Order/ });
  await tabTo(page, placeOrder);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/order-confirmation\?ref=/);
  const reference = (await page.getByTestId("order-reference").textContent()) ?? "";
  expect(reference).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

  // The owner's installation sheet names the options the shopper chose.
  const from = { "x-forwarded-for": "203.0.113.77" };
  const login = await page.request.post("/api/admin/login", {
    headers: from,
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const found = await page.request.get(`/api/admin/orders?q=${encodeURIComponent(reference)}`, {
    headers: from,
  });
  expect(found.status(), await found.text()).toBe(200);
  const [order] = (await found.json()) as { id: number }[];
  if (!order) throw new Error(`order ${reference} not found in the admin`);
  await page.goto(`/admin/orders/${order.id}/sheet`);
  const sheet = page.getByRole("main");
  await expect(sheet.getByRole("definition").filter({ hasText: /^Outside mount$/ })).toHaveCount(1);
  const controlSide = sheet.getByRole("term").filter({ hasText: /^Control side$/ });
  await expect(controlSide).toHaveCount(1);
  await expect(controlSide.locator("xpath=following-sibling::dd[1]")).toHaveText("Left");
});
