/**
 * The storefront's presentation, as a shopper meets it at 375 and 1280 px: prices up front, the
 * sticky price bar on phones, sizes outside the range said at the field, the toast's ways on
 * with focus kept, zebra collections explained, the fit promise, the words, <noscript> notes,
 * thumbnails, and axe on every changed page at both widths.
 */
import { expect, type Page, test } from "@playwright/test";
import { PRODUCT_SEEDS, SERVICE_SEEDS } from "../../domain/storefront/catalog";
import {
  formatFromPrice,
  productFromCents,
  trackFromCents,
} from "../../domain/storefront/from-price";
import { DESKTOP, expectNoAxeViolations, PHONE, waitForHydration } from "./fixtures";

async function addVinylToCart(page: Page): Promise<void> {
  await page.goto("/product/vinyl");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart - $54.00" }).first().click();
  await expect(page.getByTestId("toast")).toContainText("Added to Cart");
}

test.describe("prices up front", () => {
  test("every home card and the track block say From $X, computed from the catalog", async ({
    page,
  }) => {
    await page.goto("/");
    const section = page.locator("#products");
    for (const p of PRODUCT_SEEDS) {
      const card = section
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: p.name }) });
      await expect(card.getByTestId("card-from-price")).toHaveText(
        formatFromPrice(productFromCents(p.type, p)),
      );
      await expect(card.getByText("Custom pricing available")).toBeVisible();
    }
    await expect(section.getByTestId("card-from-price").first()).toHaveText("From $39");
    const track = SERVICE_SEEDS[0];
    if (!track) throw new Error("no track service");
    await expect(section.getByTestId("track-from-price")).toHaveText(
      formatFromPrice(trackFromCents(track.priceCentsPerUnit)),
    );
    await expect(section.getByTestId("track-from-price")).toHaveText("From $24");
    // The track's words follow its 192-inch limit.
    await expect(section.getByText("up to 16 feet")).toBeVisible();
  });

  for (const [path, from] of [
    ["/product/vinyl", "From $39"],
    ["/product/standard-shutters", "From $149"],
    ["/product/bypass-shutters", "From $399"],
    ["/product/fabric", "From $49"],
    ["/product/aluminum", "From $29"],
    ["/zebra-shades", "From $59"],
    ["/track-replacement", "From $24"],
  ] as const) {
    test(`${path} says ${from} beside 'Custom pricing available'`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId("from-price")).toHaveText(from);
      await expect(page.getByText("Custom pricing available")).toBeVisible();
    });
  }
});

test.describe("sticky price bar on phones", () => {
  for (const path of ["/product/vinyl", "/zebra-shades"]) {
    test(`${path}: the bar shows the live price while the summary is out of view`, async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      await page.goto(path);
      await waitForHydration(page);
      const bar = page.getByRole("region", { name: "Price and Add to Cart" });
      // The summary starts below the first screen: the bar keeps price and button in reach.
      await expect(bar).toBeVisible();
      await expect(bar.getByTestId("sticky-price")).toHaveText(
        path === "/zebra-shades" ? "$96.00" : "$54.00",
      );
      await expect(bar.getByRole("button", { name: "Add to Cart" })).toBeVisible();
      // The page ends above the bar, so it never covers the last content.
      expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("80px");
      await expectNoAxeViolations(page);

      // The live price follows the configuration.
      await page.getByLabel("Width (inches)").fill("60");
      await expect(bar.getByTestId("sticky-price")).toHaveText(
        path === "/zebra-shades" ? "$160.00" : "$90.00",
      );

      // Once the summary is on screen, the bar goes away.
      await page.getByTestId("price-total").scrollIntoViewIfNeeded();
      await expect(bar).toHaveCount(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("0px");
    });
  }

  test("the bar's button adds the item", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/product/aluminum");
    await waitForHydration(page);
    const bar = page.getByRole("region", { name: "Price and Add to Cart" });
    await bar.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("toast")).toContainText("Added to Cart");
  });

  test("no bar on a wide screen", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/product/vinyl");
    await waitForHydration(page);
    await expect(page.getByRole("region", { name: "Price and Add to Cart" })).toHaveCount(0);
  });
});

test.describe("sizes outside the range", () => {
  test("the range is said next to the field and no price is claimed for it", async ({ page }) => {
    await page.goto("/product/vinyl");
    await waitForHydration(page);
    const width = page.getByLabel("Width (inches)");
    await expect(width).toHaveAccessibleDescription("12–192 inches");
    await width.fill("200");
    await expect(width).toHaveAttribute("aria-invalid", "true");
    await expect(width).toHaveAccessibleDescription(
      'Width must be from 12 to 192 inches; 200" is outside it.',
    );
    await expect(page.getByTestId("price-total")).toHaveCount(0);
    await expect(page.getByText(/Enter a width from 12 to 192 inches/)).toBeVisible();
    const button = page.getByRole("button", { name: "Add to Cart", exact: true });
    await expect(button).toBeDisabled();
    await expect(page.getByRole("button", { name: /\$54\.00/ })).toHaveCount(0);

    // Never a silent fallback: leaving the field keeps what was typed, marked.
    await width.blur();
    await expect(width).toHaveValue("200");
    await expect(width).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("price-total")).toHaveCount(0);
    // A size in range brings the price back.
    await width.fill("36");
    await expect(width).toHaveAttribute("aria-invalid", "false");
    await expect(page.getByRole("button", { name: "Add to Cart - $54.00" })).toBeEnabled();
    await expectNoAxeViolations(page);
  });
});

test.describe("after Add to Cart", () => {
  test("keyboard: focus stays on the button; the toast offers View cart and Check out", async ({
    page,
  }) => {
    await page.goto("/product/vinyl");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Add to Cart - $54.00" });
    await button.focus();
    await page.keyboard.press("Enter");
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Added to Cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(button).toBeFocused();
    await expect(toast.getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");
    await expect(toast.getByRole("link", { name: "Check out" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    // The toast lasts 5 s: take the way on straight away.
    await toast.getByRole("link", { name: "Check out" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test("on a phone the toast does not cover the button", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/product/vinyl");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Add to Cart - $54.00" }).first();
    await button.scrollIntoViewIfNeeded();
    await button.click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Added to Cart");
    const [t, b] = [await toast.boundingBox(), await button.boundingBox()];
    if (!t || !b) throw new Error("no boxes");
    const overlap = t.y < b.y + b.height && b.y < t.y + t.height;
    expect(overlap, `toast ${JSON.stringify(t)} vs button ${JSON.stringify(b)}`).toBe(false);
    await expect(toast.getByRole("link", { name: "View cart" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("zebra collections", () => {
  test("each says what it is and its upcharge before it is chosen; no $0.00 lines", async ({
    page,
  }) => {
    await page.goto("/zebra-shades");
    await waitForHydration(page);
    const breakdown = page.getByRole("region", { name: "Price Breakdown" });
    await expect(breakdown.getByText("Zebra shade", { exact: true })).toBeVisible();
    for (const empty of ["Fabric upgrade", "Control", "Motor options", "Installation"]) {
      await expect(breakdown.getByText(empty, { exact: true })).toHaveCount(0);
    }
    await expect(breakdown).not.toContainText("$0.00");

    await page.getByRole("tab", { name: "Fabric" }).click();
    // With a size, each collection says what it adds to this shade: 36 × 48 in is 12 sq ft at
    // $12, $36 and $48 per sq ft.
    await page.goto("/zebra-shades?width=36&height=48");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Fabric" }).click();
    for (const [name, kind, note] of [
      ["Melrose", "Light filtering", "Included"],
      ["Tropic", "Light filtering", "+$144.00"],
      ["Skyline", "Light filtering", "+$432.00"],
      ["Anza Room Darkening", "Room darkening", "+$576.00"],
    ] as const) {
      const radio = page.getByRole("radio", { name: new RegExp(`^${name}`) });
      await expect(radio).toHaveAccessibleName(
        new RegExp(`${kind}.*${note.replace(/[$+.]/g, "\\$&")}`),
      );
    }
    await page.getByRole("radio", { name: /^Skyline/ }).check();
    await expect(breakdown.getByText("Fabric upgrade", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("fit promise and words", () => {
  for (const path of ["/product/standard-shutters", "/zebra-shades", "/warranty"]) {
    test(`${path} shows the fit promise`, async ({ page }) => {
      await page.goto(path);
      const promise = page.getByRole("region", { name: "Our fit promise" });
      await expect(promise).toContainText("We measure: fit guaranteed");
      await expect(promise).toContainText("one item per order free within 30 days");
    });
  }

  test("the FAQ answers with the promise", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByText(/We remake one item per order free within 30 days/)).toBeAttached();
  });

  test("checkout shows the promise and thumbnails of the items", async ({ page }) => {
    await addVinylToCart(page);
    await page.goto("/cart");
    const thumb = page.locator("main img").first();
    await expect(thumb).toHaveAttribute("src", /^\/pictures\/vinyl\.svg\?/);
    expect(
      await thumb.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).toBeGreaterThan(0);
    await page.goto("/checkout");
    await expect(page.getByRole("region", { name: "Our fit promise" })).toBeVisible();
    await expect(page.locator("main img[src^='/pictures/vinyl.svg']")).toHaveCount(1);
  });

  test("one delivery lead time, American English, track height explained", async ({ page }) => {
    await page.goto("/product/fabric");
    await expect(page.getByText("Made to your measurements in 7–10 days")).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/Colour|colour|Standard items|labour/);
    await page.goto("/track-replacement");
    await expect(page.getByLabel("Height (inches)")).toHaveAccessibleDescription(
      /The price depends on the width only/,
    );
    await expect(page.getByText("up to 16 feet (192 inches) wide")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Every configurator is a plain form: Add to Cart posts it to the page itself.
  for (const path of ["/product/vinyl", "/zebra-shades", "/track-replacement"]) {
    test(`${path} is a form that adds to the cart without JavaScript`, async ({ page }) => {
      await page.goto(path);
      const add = page.getByRole("button", { name: /^Add (Track Replacement )?to Cart/ }).first();
      await expect(add).toBeVisible();
      await expect(add).toHaveAttribute("type", "submit");
      const form = page.locator("form#configurator");
      await expect(form).toHaveAttribute("method", /post/i);
      await expect(page.getByText(/This configurator needs JavaScript/)).toHaveCount(0);
    });
  }
});

test.describe("drawn pictures", () => {
  test("home drawings are cacheable files, not inline SVG", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    // Inline SVG on the home page is icons only (logo, search, account, cart, menu, ticks);
    // every drawing is an <img> of a cacheable file.
    const inline = html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];
    expect(inline.length).toBeLessThanOrEqual(12);
    for (const svg of inline) expect(svg.length).toBeLessThan(1200);
    await page.goto("/");
    const src = await page
      .getByRole("img", { name: "Drawing of Vinyl Vertical Blinds" })
      .getAttribute("src");
    const res = await request.get(src ?? "");
    expect(res.headers()["content-type"]).toContain("image/svg+xml");
    expect(res.headers()["cache-control"]).toContain("immutable");
    expect((await request.get("/pictures/nothing.png")).status()).toBe(404);
  });

  test("the close-up is a crop of the drawing, without a magnifier", async ({ page }) => {
    await page.goto("/product/standard-shutters");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Show close-up of the material" }).click();
    const main = page.getByRole("img", { name: /^Preview: .*close-up/ });
    await expect(main).toBeVisible();
    await expect(main.locator("circle[r='12']")).toHaveCount(0);
  });
});

test.describe("axe on every changed page", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const path of [
      "/",
      "/product/vinyl",
      "/product/bypass-shutters",
      "/zebra-shades",
      "/track-replacement",
      "/faq",
      "/warranty",
    ]) {
      test(`${path} at ${viewport.width} px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await waitForHydration(page);
        await expectNoAxeViolations(page);
      });
    }
    test(`cart and checkout with an item at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await addVinylToCart(page);
      await page.goto("/cart");
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await page.goto("/checkout");
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    });
  }
});
