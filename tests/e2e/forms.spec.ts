/**
 * The back office's forms on conform: a wrong value is refused at its field
 * (aria-invalid, the message tied by aria-describedby, the focus on it) on the login, staff,
 * order adjustment and quote builder forms, at 375 and 1280 px. With FORMS_SCREENSHOTS=1 the
 * refused forms are saved under docs/screenshots/.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { DESKTOP, PHONE, placeOrderThroughApi, waitForHydration } from "./fixtures";

// This spec's own client address (TRUST_PROXY is on for e2e): a fast run places more than
// ten orders in ten minutes across the specs, and each address may place ten (rate-limits.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.6" } });

async function shoot(page: Page, region: Locator, name: string) {
  if (!process.env.FORMS_SCREENSHOTS) return;
  for (const [size, label] of [
    [PHONE, "375"],
    [DESKTOP, "1280"],
  ] as const) {
    await page.setViewportSize(size);
    await region.scrollIntoViewIfNeeded();
    await region.screenshot({ path: `docs/screenshots/forms-${name}-${label}.png` });
  }
}

/** The field is marked and its message is the one aria-describedby names. */
async function expectFieldError(field: Locator, text: string | RegExp) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ");
  const errorId = ids.find((id) => id.endsWith("-error"));
  expect(errorId).toBeTruthy();
  await expect(field.page().locator(`[id="${errorId}"]`)).toContainText(text);
}

test("back-office forms show each error at its field", async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin");
  await waitForHydration(page);
  const login = page.locator("#login-form");
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log In" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Incorrect email or password" });
  await expect(alert).toBeFocused();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await shoot(page, login, "login");
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // Staff: a bad email at the Email field, checked in the browser.
  await page.goto("/admin/staff");
  await waitForHydration(page);
  const add = page.getByRole("region", { name: "Add a person" });
  await add.getByLabel("Name").fill("Pat Forms");
  await add.getByLabel("Email").fill("not-an-email");
  await add.getByLabel("Temporary password").fill("short");
  await add.getByRole("button", { name: "Add person" }).click();
  await expectFieldError(add.getByLabel("Email"), /email/i);
  await expectFieldError(add.getByLabel("Temporary password"), "at least 8");
  await expect(add.getByLabel("Email")).toBeFocused();
  await shoot(page, add, "staff");

  // The adjustment form: a size that is no eighth, at the width.
  const lastName = `Forms${Date.now()}`;
  const reference = await placeOrderThroughApi(request, {
    lastName,
    email: "e2e.forms@example.com",
    phone: "(239) 555-0125",
    address: "300 Form Lane",
    roomLabel: "Den",
  });
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: new RegExp(`^Order #\\d+ · ${reference}$`) }).click();
  await waitForHydration(page);
  const adjust = page.getByRole("region", { name: "Adjust after measuring" });
  const width = adjust.getByRole("textbox", { name: "Width (in)" });
  await width.fill("40.3");
  await adjust.getByRole("button", { name: "Adjust the item" }).click();
  await expectFieldError(width, "1/8");
  await expectFieldError(adjust.getByLabel("Reason (goes into the history)"), "Say why");
  await expect(width).toBeFocused();
  await shoot(page, adjust, "adjustment");
  await width.fill("40 1/2");
  await expect(adjust.getByTestId("adjust-preview-total")).toBeVisible();
  await shoot(page, adjust, "adjustment-preview");

  // The quote builder: a blank first name and a discount above the owner's maximum.
  await page.goto("/admin/quotes/new");
  await waitForHydration(page);
  const builder = page.locator("#quote-builder");
  await builder.getByLabel("Discount", { exact: false }).fill("90");
  await builder.getByRole("button", { name: "Save quote" }).click();
  await expectFieldError(builder.getByLabel("First name"), /First name/);
  await expect(builder.getByLabel("First name")).toBeFocused();
  await expectFieldError(builder.getByLabel(/^Discount/), "at most");
  await shoot(page, builder.getByRole("group", { name: "Customer" }), "quote-customer");
  await shoot(page, builder.getByRole("group", { name: "Terms" }), "quote-terms");
});
