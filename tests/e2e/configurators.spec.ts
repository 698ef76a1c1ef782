/**
 * Configurator journeys: each product type (five products, the zebra shade with motorization and
 * the track replacement), checked against the product rules' prices, through the real server: the
 * page's POST /api/cart must be answered 201, and the cart the server then holds for that
 * session (GET /api/cart) must carry the item type, sizes, colour or fabric, installation and a
 * unit price equal to the one the page showed.
 */
import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, expectNoAxeViolations, PHONE, waitForHydration } from "./fixtures";

/** A cart item as GET /api/cart answers it. */
interface StoredItem {
  itemType: string;
  productId: number | null;
  serviceType: string | null;
  productName: string;
  width: number;
  height: number;
  selectedColor: string;
  colorName: string | null;
  includeInstallation: boolean;
  quantity: number;
  calculatedPrice: string;
  roomLabel: string | null;
  configuration: Record<string, unknown>;
}

/**
 * Runs `add` (the click on the page's add button), waits for the page's own POST /api/cart to
 * reach the server and be answered 201, and returns the single item the server then stores for
 * that cart, read back with the session the page adopted.
 */
async function addAndReadBack(page: Page, add: () => Promise<void>): Promise<StoredItem> {
  const posted = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/cart" && r.request().method() === "POST",
  );
  await add();
  const answer = await posted;
  expect(answer.status(), await answer.text()).toBe(201);
  const { sessionId } = (await answer.json()) as { sessionId: string };
  expect(sessionId).toMatch(/\S{16,}/);
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem("cart-session-id")))
    .toBe(sessionId);
  const stored = await page.request.get("/api/cart", { headers: { "x-session-id": sessionId } });
  expect(stored.status()).toBe(200);
  const cart = (await stored.json()) as { sessionId: string; items: StoredItem[] };
  expect(cart.sessionId).toBe(sessionId);
  expect(cart.items).toHaveLength(1);
  return cart.items[0] as StoredItem;
}

/** "$1,234.56" → "1234.56" (the wire's decimal string). */
const decimal = (shown: string) => shown.replace(/[$,]/g, "");

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

      await page.getByLabel("Room label (optional)").fill("Kitchen left");
      const stored = await addAndReadBack(page, () =>
        page.getByRole("button", { name: `Add to Cart - ${total}` }).click(),
      );
      expect(stored).toMatchObject({
        itemType: type,
        serviceType: null,
        productName: name,
        width: 60.125,
        height: 48,
        selectedColor: colorKey,
        colorName,
        includeInstallation: true,
        quantity: 1,
        roomLabel: "Kitchen left",
      });
      expect(typeof stored.productId).toBe("number");
      // The server's own unit price is the one the page showed.
      expect(stored.calculatedPrice).toBe(decimal(total));
      await expect(page.getByTestId("toast")).toContainText("Added to Cart");
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
    });
  }

  test("installation tiers follow the width, fraction included", async ({ page }) => {
    await page.goto("/product/vinyl");
    await waitForHydration(page);
    const install = page.getByTestId("installation-delta");
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
      await expect(install).toHaveText(`(+${label})`);
    }
  });

  test("a size that can't be made is kept as typed, marked, and blocks Add to Cart", async ({
    page,
  }) => {
    await page.goto("/product/vinyl");
    await waitForHydration(page);
    const width = page.getByLabel("Width (inches)");
    const add = page.getByRole("button", { name: /^Add to Cart/ });
    await width.fill("40");
    await expect(page.getByTestId("price-total")).toHaveText("$60.00");
    for (const typed of ["500", "36.3", "", "abc"]) {
      await width.fill(typed);
      await width.blur();
      // Nothing falls back: the text stays, the field says why, no price, no Add to Cart.
      await expect(width).toHaveValue(typed);
      await expect(width).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("price-total")).toHaveCount(0);
      await expect(add).toHaveAttribute("aria-disabled", "true");
    }
    await expect(page.locator("#width-hint")).toContainText("type inches like 36, 36.5 or 36 1/2");
    // Fractions typed three ways, and the eighths menu.
    const fraction = page.getByRole("combobox", { name: "Width fraction" });
    for (const typed of ["36.5", "36 1/2", "36-1/2"]) {
      await width.fill(typed);
      await expect(width).toHaveAttribute("aria-invalid", "false");
      await expect(fraction).toHaveValue("0.5");
      // 36 1/2 × 48 in = 12.17 sq ft × $4.50
      await expect(page.getByTestId("price-total")).toHaveText("$54.75");
    }
    await fraction.selectOption({ label: "1/4" });
    await expect(width).toHaveValue("36");
    await expect(fraction).toHaveValue("0.25");
    await expect(page.getByTestId("price-total")).not.toHaveText("$54.75");
    await expect(add).toHaveAttribute("aria-disabled", "false");
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

    const stored = await addAndReadBack(page, () =>
      page.getByRole("button", { name: "Add to Cart - $888.12" }).click(),
    );
    expect(stored).toMatchObject({
      itemType: "zebra-shades",
      productId: 4,
      serviceType: null,
      productName: "Zebra Shades",
      width: 36.5,
      height: 48.25,
      selectedColor: "Graphite",
      includeInstallation: true,
      quantity: 1,
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
    // The server's own unit price is the one the page showed.
    expect(stored.calculatedPrice).toBe("888.12");
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
  test("the price follows the width as it is typed: 2.00 per inch, no Calculate", async ({
    page,
  }) => {
    await page.goto("/track-replacement");
    await waitForHydration(page);
    const add = page.getByRole("button", { name: /^Add Track Replacement to Cart/ });
    await expect(add).toHaveAttribute("aria-disabled", "true");
    await page.getByLabel("Width (inches)").fill("36");
    await expect(page.getByTestId("track-total")).toHaveText("Total: $72.00");
    await page.getByLabel("Height (inches)").fill("121");
    await expect(page.getByTestId("track-total")).toHaveCount(0);
    await expect(add).toHaveAttribute("aria-disabled", "true");
    await page.getByLabel("Height (inches)").fill("84");
    await page.getByRole("combobox", { name: "Width fraction" }).selectOption({ label: "1/8" });
    await expect(page.getByTestId("track-total")).toHaveText("Total: $72.25");

    const stored = await addAndReadBack(page, () =>
      page.getByRole("button", { name: /^Add Track Replacement to Cart/ }).click(),
    );
    expect(stored).toMatchObject({
      itemType: "track-replacement",
      serviceType: "track-replacement",
      productId: null,
      productName: "Track Replacement",
      width: 36.125,
      height: 84,
      includeInstallation: true,
      quantity: 1,
    });
    // The server's own unit price is the one the page showed.
    expect(stored.calculatedPrice).toBe("72.25");
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
