/**
 * Sizes as typed, Add to Cart and the whole purchase without JavaScript, the cart
 * line's Edit, server search with synonyms, the phone menu, one promise per order, shutter
 * options with drawings, focus after navigation, the back office's sidebar and orders table —
 * with axe at both widths.
 */
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { axeAtBothSizes, PHONE, waitForHydration } from "./fixtures";

// This spec's own client address (TRUST_PROXY is on for e2e): a fast run places more than
// ten orders in ten minutes across the specs, and each address may place ten (rate-limits.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.9" } });

// Whole journeys with axe at two widths on a shared 2-core machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });

const CUSTOMER = {
  "First Name": "Nora",
  "Last Name": "Lookwell",
  Email: "nora.lookwell@example.com",
  Phone: "(239) 555-0177",
  "Street Address": "42 Palm Ave",
  City: "Fort Myers",
};

async function fillCustomer(page: Page, zip: string) {
  for (const [label, value] of Object.entries(CUSTOMER)) {
    await page.getByLabel(label, { exact: false }).first().fill(value);
  }
  await page.getByLabel("ZIP Code").fill(zip);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a purchase from the product page to the confirmation", async ({ page }) => {
    await page.goto("/product/standard-shutters");
    await page.getByLabel("Width (inches)").fill("36 1/2");
    await page.getByLabel("Height (inches)").fill("48-3/4");
    await page.getByRole("radio", { name: /Hinged left/ }).check();
    await page.getByRole("radio", { name: /Front tilt rod/ }).check();
    await page.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { name: "Standard Plantation Shutters" })).toBeVisible();
    await expect(page.getByText('36 1/2" W × 48 3/4" H')).toBeVisible();
    await expect(page.getByText("Hinge side: Hinged left")).toBeVisible();
    await expect(page.getByText("Tilt rod: Front tilt rod")).toBeVisible();
    // No installation in this cart: it is paid on delivery, never "at installation".
    await expect(page.getByText("No payment today: you pay on delivery.")).toBeVisible();
    await expect(page.getByText(/pay at installation/)).toHaveCount(0);

    await page.goto("/checkout");
    await fillCustomer(page, "33901");
    await page.getByRole("button", { name: /Place Order/ }).click();
    await expect(page).toHaveURL(/\/order-confirmation\?ref=/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Thank You for Your Order!" }),
    ).toBeVisible();
  });

  test("a size that can't be made comes back as typed, marked at its field", async ({ page }) => {
    await page.goto("/product/vinyl");
    await page.getByLabel("Width (inches)").fill("250");
    await page.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(page).toHaveURL(/\/product\/vinyl$/);
    const width = page.getByLabel("Width (inches)");
    await expect(width).toHaveValue("250");
    await expect(width).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#width-hint")).toContainText('250" is outside it');
  });

  test("the track replacement is bought without JavaScript: its Add button is a live submit", async ({
    page,
  }) => {
    await page.goto("/track-replacement");
    const add = page.getByRole("button", { name: "Add Track Replacement to Cart" });
    // Nothing swallows the click before hydration: the button does not claim to be disabled.
    await expect(add).not.toHaveAttribute("aria-disabled", "true");
    await add.click();
    await expect(page).toHaveURL(/\/track-replacement$/);
    await expect(page.getByLabel("Width (inches)")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Width (inches)").fill("72 1/4");
    await page.getByRole("button", { name: "Add Track Replacement to Cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { name: "Track Replacement" })).toBeVisible();
    // $2.00 per inch of width, priced by the server.
    await expect(page.getByText("$144.50 each")).toBeVisible();
  });

  test("the header search finds products, pages and answers on the server", async ({ page }) => {
    await page.goto("/");
    // The header's search opens without JavaScript.
    await page.getByLabel("Search", { exact: true }).click();
    await page.getByRole("searchbox", { name: "Search the store" }).fill("louvers");
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=louvers/);
    const results = page.getByTestId("search-results").getByRole("link");
    await expect(results.first()).toHaveText(/Plantation Shutters/);
  });
});

test.describe("search", () => {
  for (const [q, first] of [
    ["shutters", /Plantation Shutters/],
    ["samples", /Free Samples/],
    ["shades", /Zebra Shades/],
    ["verticals", /Vertical Blinds/],
    ["broken rail", /Track Replacement/],
  ] as const) {
    test(`"${q}" finds ${first.source} first`, async ({ page }) => {
      await page.goto(`/search?q=${encodeURIComponent(q)}`);
      await expect(page.getByTestId("search-results").getByRole("link").first()).toHaveText(first);
    });
  }

  test('"estimate" lists the Free In-Home Estimate page (products rank above pages)', async ({
    page,
  }) => {
    await page.goto("/search?q=estimate");
    await expect(
      page
        .getByTestId("search-results")
        .getByRole("link", { name: /Free In-Home Estimate/ })
        .first(),
    ).toBeVisible();
  });

  test("answers are found too, and the page passes axe", async ({ page }) => {
    await page.goto("/search?q=warranty");
    await expect(page.getByTestId("search-results")).toContainText("Answer");
    await axeAtBothSizes(page);
  });
});

test("the phone menu lists every product page, samples and the estimate", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByLabel("Menu", { exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  for (const name of [
    "Vinyl Vertical Blinds",
    "Fabric Vertical Blinds",
    "Aluminum Mini Blinds",
    "Standard Plantation Shutters",
    "Bypass Plantation Shutters",
    "Zebra Shades",
    "Track Replacement",
    "Free Samples",
    "Book a Visit",
    "Free In-Home Estimate",
  ]) {
    await expect(menu.getByRole("link", { name })).toBeVisible();
  }
  // The local-trust bar: a phone number to tap.
  await expect(page.getByRole("link", { name: /^Call \(239\) 555-0142$/ })).toHaveAttribute(
    "href",
    /^tel:/,
  );
  await menu.getByRole("link", { name: "Zebra Shades" }).click();
  // Focus goes to the new page's heading after navigation.
  await expect(page.getByRole("heading", { level: 1, name: "Custom Zebra Shades" })).toBeFocused();
});

test("the header reads on one line at 1280 px and gives way to the menu below", async ({
  page,
}) => {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    await expect(links).toHaveCount(6);
    const boxes = await links.evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect();
        return { top: Math.round(box.top), height: Math.round(box.height) };
      }),
    );
    // One row, each label on one line: the same top and the 44 px target's height.
    expect(new Set(boxes.map((b) => b.top)).size, `one row at ${width}`).toBe(1);
    expect(Math.max(...boxes.map((b) => b.height)), `one line at ${width}`).toBeLessThanOrEqual(44);
  }
  for (const width of [1024, 1279, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByLabel("Menu", { exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow, `no sideways scroll at ${width}`).toBeLessThanOrEqual(width);
  }
});

test("the cart line's Edit opens the configurator filled in and saves over the line", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/product/bypass-shutters");
  await waitForHydration(page);
  await page.getByLabel("Width (inches)").fill("60.25");
  await page.getByRole("radio", { name: /^3 panels/ }).check();
  await expect(page.locator('[data-option-drawing="panels-3"]')).toBeVisible();
  await page.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(page.getByTestId("toast")).toContainText("Added to Cart");
  // The toast stays while it has focus.
  const viewCart = page.getByTestId("toast").getByRole("link", { name: "View cart" });
  await viewCart.focus();
  await page.clock.runFor(6000);
  await expect(viewCart).toBeVisible();
  await viewCart.click();

  await expect(page.getByText('60 1/4" W × 48" H')).toBeVisible();
  await page.getByRole("link", { name: "Edit Bypass Plantation Shutters" }).click();
  await expect(page.getByLabel("Width (inches)")).toHaveValue("60");
  await expect(page.getByRole("combobox", { name: "Width fraction" })).toHaveValue("0.25");
  await expect(page.getByRole("radio", { name: /^3 panels/ })).toBeChecked();
  await waitForHydration(page);
  await page.getByLabel("Width (inches)").fill("72 7/8");
  await page.getByRole("button", { name: /^Save changes/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('72 7/8" W × 48" H')).toBeVisible();
  await expect(page.getByText('60 1/4" W × 48" H')).toHaveCount(0);
  await expect(page.getByText("Panels: 3 panels")).toBeVisible();
  await axeAtBothSizes(page);
});

test("the home page keeps its promises to the business facts", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Free shipping on orders over $200.00")).toBeVisible();
  await expect(page.getByText("Free Shipping", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Be Our First Reviewer!")).toHaveCount(0);
  await axeAtBothSizes(page);
});

test("the back office: a sidebar, a phone menu and a sortable orders table", async ({ page }) => {
  // One order to list.
  await page.request.post("/api/cart", {
    data: { productId: 1, width: 36, height: 48, selectedColor: "white", quantity: 1 },
  });
  await page.goto("/checkout");
  await waitForHydration(page);
  await fillCustomer(page, "33901");
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);

  await page.goto("/admin/orders");
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: /Log In/i }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  await expect(sidebar.getByRole("link", { name: "Orders", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const table = page.getByRole("table");
  for (const name of ["Order", "Customer", "Status", "Total", "Balance", "Next visit"]) {
    await expect(table.getByRole("columnheader", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(table.getByText("Nora Lookwell").first()).toBeVisible();
  await table.getByRole("link", { name: /^Total/ }).click();
  await expect(page).toHaveURL(/sort=total/);
  await expect(table.getByRole("columnheader", { name: /^Total/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await axeAtBothSizes(page);

  await page.setViewportSize(PHONE);
  await page.getByText("Menu", { exact: false }).first().click();
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Catalog" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Catalog/ })).toBeVisible();
});
