/**
 * The buying path: cart → checkout → confirmation → order status, with the header badge,
 * quantity changes, removal, the empty-cart redirect, the missing-information toast, the
 * out-of-area refusal, axe on every page, and the same checkout with JavaScript disabled.
 * Items go into the cart through POST /api/cart (what the configurators call).
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { VINYL_INSTALLED, ZEBRA_CORDLESS } from "../support/sample-items";
import {
  expectCheckLoadedOnFirstUse,
  expectFieldMessage,
  expectNoAxeViolations,
  isZod,
  PHONE,
  waitForHydration,
} from "./fixtures";

// This spec's own client address (TRUST_PROXY is on for e2e): a fast run places more than
// ten orders in ten minutes across the specs, and each address may place ten (rate-limits.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.5" } });

const VINYL = VINYL_INSTALLED;
const ZEBRA = ZEBRA_CORDLESS;

const CUSTOMER = {
  "First Name": "Jane",
  "Last Name": "Rivera",
  Email: "jane.rivera@example.com",
  Phone: "(239) 555-0199",
  "Street Address": "1200 Palm Ave",
  City: "Cape Coral",
};

async function addToCart(request: APIRequestContext, item: object) {
  const res = await request.post("/api/cart", { data: item });
  expect(res.status()).toBe(201);
}

async function fillCustomer(page: Page, zip: string) {
  for (const [label, value] of Object.entries(CUSTOMER)) {
    await page.getByLabel(label, { exact: false }).first().fill(value);
  }
  await page.getByLabel("ZIP Code").fill(zip);
}

const badge = (page: Page) => page.getByTestId("cart-badge");

test.describe("checkout journey", () => {
  test("from the cart to the confirmation and the order status", async ({ page }) => {
    await addToCart(page.request, VINYL);
    await addToCart(page.request, ZEBRA);

    await page.goto("/cart");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
    await expect(badge(page)).toHaveText("2");
    await expect(page.getByRole("heading", { name: "Vinyl Vertical Blinds" })).toBeVisible();
    await expect(page.getByText('36 3/8" W × 48" H')).toBeVisible();
    await expect(page.getByText("Room: Kitchen left")).toBeVisible();
    await expect(page.getByText("Color: White")).toBeVisible();
    await expect(page.getByText("Professional installation included")).toBeVisible();
    await expect(page.getByText("Fabric: Melrose · Cascade (QV-1001)")).toBeVisible();
    await expectNoAxeViolations(page);

    const minus = page.getByRole("button", { name: "Decrease quantity of Vinyl Vertical Blinds" });
    const plus = page.getByRole("button", { name: "Increase quantity of Vinyl Vertical Blinds" });
    const box = page.getByRole("spinbutton", { name: "Quantity of Vinyl Vertical Blinds" });
    await expect(minus).toBeDisabled();
    await plus.click();
    await expect(box).toHaveValue("2");
    await expect(minus).toBeEnabled();
    await expect(page.getByText("$259.12")).toBeVisible();
    await minus.click();
    await expect(box).toHaveValue("1");
    await expect(minus).toBeDisabled();
    await box.fill("3");
    await box.blur();
    await expect(page.getByText("$388.68")).toBeVisible();
    // The summary comes from the server (not the optimistic row): wait for it.
    await expect(page.getByText("$484.68")).toBeVisible();
    // Non-numeric entry becomes 1.
    await box.fill("");
    await box.blur();
    await expect(box).toHaveValue("1");

    await page.getByRole("button", { name: "Remove Zebra Shades from cart" }).click();
    await expect(page.getByRole("heading", { name: "Zebra Shades" })).toHaveCount(0);
    await expect(badge(page)).toHaveText("1");
    // One vinyl blind at 129.56: shipping 25, tax 6.5 % = 8.42, total 162.98; no discount.
    await expect(page.getByText("Multiple Blind Discount")).toHaveCount(0);
    await expect(page.getByTestId("order-total")).toHaveText("$162.98");
    await expect(page.getByText("Add $70.45 more to get free shipping")).toBeVisible();

    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Payment Required Today" })).toBeVisible();
    await expect(page.getByLabel("State")).toHaveValue("FL");
    await expectNoAxeViolations(page);

    const placeOrder = page.getByRole("button", { name: /Place Order/ });
    await placeOrder.click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Missing Information");
    await expect(toast).toContainText("Please fill in all required fields.");
    await expect(page).toHaveURL(/\/checkout$/);

    await fillCustomer(page, "10001");
    await placeOrder.click();
    await expect(toast).toContainText("Outside Our Service Area");
    await expect(toast).toContainText("(239) 555-0142");
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel("First Name")).toHaveValue("Jane");

    await page.getByLabel("ZIP Code").fill("33904");
    await page.getByLabel(/Preferred time/).selectOption("weekday-mornings");
    await placeOrder.click();
    await expect(page).toHaveURL(/\/order-confirmation\?ref=/);
    await expect(toast).toContainText("Order Placed Successfully!");
    await expect(toast).toContainText(
      "Your order has been submitted. We'll contact you within 24 hours to confirm your installation appointment.",
    );
    await expect(badge(page)).toHaveCount(0);
    const reference = (await page.getByTestId("order-reference").textContent()) ?? "";
    expect(reference).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    for (const card of [
      "Confirmation Email",
      "Personal Call Within 24 Hours",
      "Measurement Appointment",
      "Professional Installation",
    ]) {
      await expect(page.getByRole("heading", { name: card })).toBeVisible();
    }
    await expect(
      page.locator("#main").getByRole("link", { name: /Call \(239\) 555-0142/ }),
    ).toHaveAttribute("href", "tel:+12395550142");
    await expect(page.getByRole("link", { name: "Send a Message" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("$162.98");
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Follow your order status" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${reference}$`));
    await expect(page.getByTestId("order-status")).toHaveText("Pending");
    await expect(page.getByText("Installation in Cape Coral")).toBeVisible();
    await expect(page.getByText("jane.rivera@example.com")).toHaveCount(0);
    await expect(page.getByText("1200 Palm Ave")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The cart is empty now: checkout sends the shopper back to the cart.
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toBeVisible();
  });

  test("an unknown order reference answers 404", async ({ page }) => {
    const res = await page.goto("/orders/AAAA-BBBB-CCCC-DDDD");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  });

  test("cart and checkout fit a 375 px phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await addToCart(page.request, ZEBRA);
    for (const path of ["/cart", "/checkout"]) {
      await page.goto(path);
      await waitForHydration(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await expectNoAxeViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cart and the checkout still work with plain form posts", async ({ page }) => {
    await addToCart(page.request, VINYL);
    await page.goto("/cart");
    await page.getByRole("button", { name: "Increase quantity of Vinyl Vertical Blinds" }).click();
    await expect(
      page.getByRole("spinbutton", { name: "Quantity of Vinyl Vertical Blinds" }),
    ).toHaveValue("2");
    await expect(page.getByText("Multiple Blind Discount")).toBeVisible();

    await page.goto("/checkout");
    // Texts only with consent: the box starts unticked, and a refused post keeps the shopper's tick.
    const texts = page.getByRole("checkbox", { name: /Text me about my appointments/ });
    await expect(texts).not.toBeChecked();
    await texts.check();
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Missing Information" })).toBeVisible();
    await expect(texts).toBeChecked();

    await fillCustomer(page, "33901");
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?ref=/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Thank You for Your Order!" }),
    ).toBeVisible();
    await expect(page.getByTestId("order-reference")).toHaveText(/^[0-9A-Z-]{19}$/);
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });
});

test.describe("the browser's check is loaded on first use (decision 350)", () => {
  test("no zod before the first interaction; after a focus it arrives and checks", async ({
    page,
  }) => {
    await addToCart(page.request, VINYL);
    await expectCheckLoadedOnFirstUse(page, "/checkout", {
      label: "Email",
      badValue: "not-an-email",
      message: "name@example.com",
    });
  });

  test("until the check has arrived a submit is answered by the action, field by field", async ({
    page,
  }) => {
    await addToCart(page.request, VINYL);
    // The check cannot load (as on a dropped connection): the page action checks the form.
    await page.route("**/assets/*.js", async (route) => {
      const response = await route.fetch();
      if (isZod(await response.text())) await route.abort();
      else await route.fulfill({ response });
    });
    await page.goto("/checkout");
    await waitForHydration(page);
    await fillCustomer(page, "33901");
    const email = page.getByLabel("Email");
    await email.fill("not-an-email");
    await email.blur();
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    const answer = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/checkout"),
    );
    await page.getByRole("button", { name: /Place Order/ }).click();
    await answer;
    await expectFieldMessage(page, email, "name@example.com");
    await expect(page).toHaveURL(/\/checkout$/);
  });
});
