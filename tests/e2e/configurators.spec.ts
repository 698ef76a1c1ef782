/**
 * Configurator journeys: each of the six products, the zebra shade with motorization and the
 * track quote, checked against DECISIONS.md's prices. The cart API is built on another branch:
 * these tests assert the POST /api/cart payload and answer it themselves (page.route), so they
 * do not depend on it. CART-DEPENDENT checks (the header badge after a real add) are marked.
 */
import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, expectNoAxeViolations, PHONE, waitForHydration } from "./fixtures";

/** Answer POST /api/cart locally and hand back the payload the page sent. */
async function captureCartPost(page: Page): Promise<() => Promise<Record<string, unknown>>> {
  let resolve: (body: Record<string, unknown>) => void = () => {};
  const captured = new Promise<Record<string, unknown>>((r) => {
    resolve = r;
  });
  await page.route("**/api/cart", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    resolve(route.request().postDataJSON() as Record<string, unknown>);
    await route.fulfill({ json: { sessionId: "e2e-session", items: [] } });
  });
  return () => captured;
}

const products = [
  // [type, name, last colour, price at 60 1/8 × 48 with installation ($95 tier)]
  ["vinyl", "Vinyl Vertical Blinds", "Light Gray", "light-gray", "$185.19", "$54.00"],
  ["standard-shutters", "Standard Plantation Shutters", "Cream", "cream", "$616.08", "$312.00"],
  ["bypass-shutters", "Bypass Plantation Shutters", "Ivory", "ivory", "$736.33", "$399.00"],
  ["fabric", "Fabric Vertical Blinds", "Charcoal", "charcoal", "$225.27", "$78.00"],
  ["aluminum", "Aluminum Mini Blinds", "Black", "black", "$170.16", "$45.00"],
] as const;

test.describe("product pages", () => {
  for (const [type, name, colorName, colorKey, total, defaultPrice] of products) {
    test(`configure ${name} and add it to the cart`, async ({ page }) => {
      await page.goto(`/product/${type}`);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByText("Custom pricing available")).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
      await expect(page.getByTestId("price-total")).toHaveText(defaultPrice);
      // The first colour is chosen automatically.
      await expect(page.getByRole("radio").first()).toBeChecked();

      await page.getByLabel("Width (inches)").fill("60");
      await page.getByRole("combobox", { name: "Width fraction" }).selectOption({ label: "1/8" });
      await page.getByRole("radio", { name: colorName }).check();
      const install = page.getByRole("checkbox", { name: /Professional installation/ });
      await expect(install).toHaveAccessibleName("Professional installation (+$95.00)");
      await install.check();
      await expect(page.getByTestId("price-total")).toHaveText(total);

      const payload = await captureCartPost(page);
      await page.getByLabel("Room label (optional)").fill("Kitchen left");
      await page.getByRole("button", { name: `Add to Cart - ${total}` }).click();
      const body = await payload();
      expect(body).toMatchObject({
        productName: name,
        width: 60.125,
        height: 48,
        selectedColor: colorKey,
        includeInstallation: true,
        quantity: 1,
        calculatedPrice: total.replace(/[$,]/g, ""),
        roomLabel: "Kitchen left",
      });
      expect(typeof body.productId).toBe("number");
      await expect(page.getByTestId("toast")).toContainText("Added to Cart");
    });
  }

  test("installation tiers follow the width, fraction included", async ({ page }) => {
    await page.goto("/product/vinyl");
    await waitForHydration(page);
    const install = page.getByRole("checkbox", { name: /Professional installation/ });
    const width = page.getByLabel("Width (inches)");
    const fraction = page.getByRole("combobox", { name: "Width fraction" });
    for (const [whole, frac, label] of [
      ["60", "0", "$75.00"],
      ["60", "1/8", "$95.00"],
      ["96", "0", "$95.00"],
      ["96", "1/8", "$125.00"],
    ] as const) {
      await width.fill(whole);
      await fraction.selectOption({ label: frac });
      await expect(install).toHaveAccessibleName(`Professional installation (+${label})`);
    }
  });

  test("out-of-range and non-numeric sizes are ignored; the previous value is kept", async ({
    page,
  }) => {
    await page.goto("/product/vinyl");
    await waitForHydration(page);
    const width = page.getByLabel("Width (inches)");
    await width.fill("40");
    await expect(page.getByTestId("price-total")).toHaveText("$60.00");
    await width.fill("500");
    await width.blur();
    await expect(width).toHaveValue("40");
    await expect(page.getByTestId("price-total")).toHaveText("$60.00");
    await page.getByLabel("Height (inches)").fill("5");
    await expect(page.getByTestId("price-total")).toHaveText("$60.00");
  });

  test("the gallery shows four views with accessible names", async ({ page }) => {
    await page.goto("/product/standard-shutters");
    await waitForHydration(page);
    const views = page.getByRole("list", { name: "Gallery views" }).getByRole("button");
    await expect(views).toHaveCount(4);
    await page.getByRole("button", { name: "Show in a room" }).click();
    await expect(
      page.getByRole("img", { name: /^Preview: Standard Plantation Shutters in White, in a room/ }),
    ).toBeVisible();
  });

  test("an unknown product type is 'Product Not Found' with HTTP 404", async ({ page }) => {
    const res = await page.goto("/product/wood-blinds");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
  });

  test("product pages carry Product JSON-LD with an offer from the minimum price", async ({
    page,
  }) => {
    await page.goto("/product/bypass-shutters");
    const json = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = json.map((t) => JSON.parse(t)).find((d) => d["@type"] === "Product");
    expect(product.offers).toMatchObject({ price: "399.00", priceCurrency: "USD" });
  });
});

test.describe("zebra shades", () => {
  test("motorized Skyline shade with installation: every number of the breakdown", async ({
    page,
  }) => {
    await page.goto("/zebra-shades");
    await waitForHydration(page);
    await expect(page.getByTestId("price-total")).toHaveText("$96.00");
    await page.getByLabel("Width (inches)").fill("36");
    await page.getByRole("combobox", { name: "Width fraction" }).selectOption({ label: "1/2" });
    await page.getByRole("combobox", { name: "Height fraction" }).selectOption({ label: "1/4" });

    await page.getByRole("tab", { name: "Fabric" }).click();
    await page.getByRole("radio", { name: /Skyline/ }).check();
    await page.getByRole("radio", { name: "Graphite" }).check();

    await page.getByRole("tab", { name: "Control" }).click();
    await expect(page.getByRole("checkbox", { name: /Smart home/ })).toHaveCount(0);
    await page.getByRole("radio", { name: /Motorized/ }).check();
    const remote = page.getByRole("checkbox", { name: "Remote control (included)" });
    await expect(remote).toBeChecked();
    await expect(remote).toBeDisabled();
    await page.getByRole("checkbox", { name: /Smart home/ }).check();
    await page.getByRole("checkbox", { name: /battery wand/ }).check();

    await page.getByRole("tab", { name: "Options" }).click();
    await expect(page.getByRole("checkbox", { name: /valance/ })).toBeChecked();
    await page.getByRole("checkbox", { name: /Professional installation/ }).check();

    await expect(page.getByText("12.23 sq ft")).toBeVisible();
    const breakdown = page.getByRole("region", { name: "Price Breakdown" });
    for (const [label, amount] of [
      ["Zebra shade", "$97.84"],
      ["Fabric upgrade", "$440.28"],
      ["Control", "$150.00"],
      ["Motor options", "$125.00"],
      ["Installation", "$75.00"],
      ["Total", "$888.12"],
    ] as const) {
      await expect(breakdown.getByText(label, { exact: true }).locator("..")).toContainText(amount);
    }

    const payload = await captureCartPost(page);
    await page.getByRole("button", { name: "Add to Cart - $888.12" }).click();
    expect(await payload()).toEqual({
      productId: 4,
      productName: "Zebra Shades",
      width: 37,
      height: 48,
      selectedColor: "Graphite",
      includeInstallation: true,
      quantity: 1,
      calculatedPrice: "888.12",
      roomLabel: null,
      configuration: {
        width: 36,
        height: 48,
        widthFraction: 0.5,
        heightFraction: 0.25,
        fabricCollection: "skyline",
        fabric: "graphite",
        mountType: "inside",
        controlType: "motorized",
        motorOptions: { remote: true, smartHome: true, batteryWand: true },
        valance: true,
        includeInstallation: true,
      },
    });
    await expect(page.getByTestId("toast")).toContainText(
      "Your custom zebra shade has been added to cart",
    );
  });

  test("the tabs work from the keyboard", async ({ page }) => {
    await page.goto("/zebra-shades");
    await waitForHydration(page);
    const size = page.getByRole("tab", { name: "Size" });
    await size.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Fabric" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Fabric" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("tabpanel", { name: "Fabric" })).toBeVisible();
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: "Options" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(size).toBeFocused();
  });

  test("no price outside 12–96 wide and 12–108 high", async ({ page }) => {
    await page.goto("/zebra-shades");
    await waitForHydration(page);
    await page.getByLabel("Width (inches)").fill("97");
    await expect(page.getByTestId("price-total")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
    await page.getByLabel("Width (inches)").fill("96");
    await page.getByLabel("Height (inches)").fill("109");
    await expect(page.getByTestId("price-total")).toHaveCount(0);
    await page.getByLabel("Height (inches)").fill("108");
    // 96 × 108 = 72 sq ft × 8.00 = 576.00
    await expect(page.getByTestId("price-total")).toHaveText("$576.00");
  });
});

test.describe("track replacement", () => {
  test("Calculate needs both sizes in range; the quote is 2.00 per inch", async ({ page }) => {
    await page.goto("/track-replacement");
    await waitForHydration(page);
    const calculate = page.getByRole("button", { name: "Calculate" });
    await expect(calculate).toBeDisabled();
    await page.getByLabel("Width (inches)").fill("36");
    await expect(calculate).toBeDisabled();
    await page.getByLabel("Height (inches)").fill("121");
    await expect(calculate).toBeDisabled();
    await page.getByLabel("Height (inches)").fill("84");
    await page.getByRole("combobox", { name: "Width fraction" }).selectOption({ label: "1/8" });
    await expect(calculate).toBeEnabled();
    await calculate.click();
    await expect(page.getByTestId("track-total")).toHaveText("Total: $72.25");

    const payload = await captureCartPost(page);
    await page.getByRole("button", { name: "Add Track Replacement to Cart" }).click();
    const body = await payload();
    expect(body).toMatchObject({
      serviceType: "track-replacement",
      productName: "Track Replacement",
      width: 36.125,
      height: 84,
      includeInstallation: true,
      quantity: 1,
      calculatedPrice: "72.25",
    });
    expect(body.productId).toBeUndefined();
  });
});

test.describe("accessibility", () => {
  for (const path of [
    "/product/vinyl",
    "/product/standard-shutters",
    "/product/bypass-shutters",
    "/product/fabric",
    "/product/aluminum",
    "/zebra-shades",
    "/track-replacement",
    "/product/unknown",
  ]) {
    test(`${path} has no axe violations at phone and desktop widths`, async ({ page }) => {
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        await page.goto(path);
        await waitForHydration(page);
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth,
        );
        expect(overflow, "horizontal scrolling").toBe(false);
      }
    });
  }

  test("zebra tabs and motor options pass axe when open", async ({ page }) => {
    await page.goto("/zebra-shades");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Control" }).click();
    await page.getByRole("radio", { name: /Motorized/ }).check();
    await expectNoAxeViolations(page);
  });
});
