/**
 * The whole journey a shopper makes, through the real pages only: configure a vinyl blind and a
 * motorized zebra shade, watch the header badge, change the quantity in the cart, check out and
 * follow the order. Every number is worked out from the product rules by hand below.
 */
import { expect, test } from "@playwright/test";
import { waitForHydration } from "./fixtures";

// This spec's own client address (TRUST_PROXY is on for e2e): a fast run places more than
// ten orders in ten minutes across the specs, and each address may place ten (rate-limits.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.7" } });

// Vinyl 60 1/8" × 48": 20.0417 sq ft × $4.50 = $90.19; installation over 60" = $95 → $185.19.
// Zebra 36" × 48" (12 sq ft × $8 = $96), motorized $150, smart home $75 → $321.00.
// Cart with 2 vinyl + 1 zebra: subtotal 691.38; 10 % discount 69.14; shipping free (> $200);
// tax 6.5 % of 622.24 = 40.4456 → 40.45 (every item under $5,000); total 662.69.
test("configure two products, buy them and follow the order", async ({ page }) => {
  const badge = page.getByTestId("cart-badge");

  await page.goto("/product/vinyl");
  await waitForHydration(page);
  await expect(badge).toHaveCount(0);
  await page.getByLabel("Width (inches)").fill("60");
  await page.getByRole("combobox", { name: "Width fraction" }).selectOption({ label: "1/8" });
  await page.getByRole("radio", { name: "Ivory" }).check();
  await page.getByRole("checkbox", { name: /Professional installation/ }).check();
  await page.getByLabel("Room label (optional)").fill("Living room left");
  await expect(page.getByTestId("price-total")).toHaveText("$185.19");
  await page.getByRole("button", { name: "Add to Cart - $185.19" }).click();
  await expect(page.getByTestId("toast")).toContainText("Added to Cart");
  await expect(badge).toHaveText("1");

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Zebra Shades" })
    .click();
  await expect(page).toHaveURL(/\/zebra-shades$/);
  await page.getByRole("tab", { name: "Control" }).click();
  await page.getByRole("radio", { name: /Motorized/ }).check();
  await page.getByRole("checkbox", { name: /Smart home/ }).check();
  await expect(page.getByTestId("price-total")).toHaveText("$321.00");
  await page.getByRole("button", { name: "Add to Cart - $321.00" }).click();
  await expect(page.getByTestId("toast")).toContainText(
    "Your custom zebra shade has been added to cart",
  );
  await expect(badge).toHaveText("2");

  await page.getByRole("link", { name: /^Cart/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shopping Cart" })).toBeVisible();
  await expect(page.getByText('60 1/8" W × 48" H')).toBeVisible();
  await expect(page.getByText("Room: Living room left")).toBeVisible();
  await expect(page.getByText("Color: Ivory")).toBeVisible();
  await page.getByRole("button", { name: "Increase quantity of Vinyl Vertical Blinds" }).click();
  await expect(page.getByTestId("order-total")).toHaveText("$662.69");
  await expect(page.getByText("Multiple Blind Discount")).toBeVisible();
  await expect(badge).toHaveText("2"); // items, not pieces

  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await page.getByLabel("First Name").fill("Journey");
  await page.getByLabel("Last Name").fill("Tester");
  await page.getByLabel("Email").fill("journey.tester@example.com");
  await page.getByLabel("Phone").fill("239-555-0177");
  await page.getByLabel("Street Address").fill("77 Sanibel Way");
  await page.getByLabel("City").fill("Fort Myers");
  await page.getByLabel("ZIP Code").fill("33908");
  await page.getByRole("button", { name: /Place Order/ }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?ref=/);
  await expect(page.getByTestId("toast")).toContainText("Order Placed Successfully!");
  await expect(badge).toHaveCount(0);
  await expect(page.getByTestId("order-total")).toHaveText("$662.69");
  const reference = (await page.getByTestId("order-reference").textContent()) ?? "";

  await page.goto(`/orders/${reference}`);
  await expect(page.getByTestId("order-status")).toHaveText("Pending");
  await expect(page.getByRole("main").getByText("Vinyl Vertical Blinds").first()).toBeVisible();
  await expect(page.getByRole("main").getByText("Zebra Shades").first()).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("$662.69");
});
