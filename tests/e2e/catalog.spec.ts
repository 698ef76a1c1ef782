/**
 * As the owner and a shopper do it in the browser: the owner raises the vinyl
 * rate on /admin/catalog, sees the preview of typical sizes before saving, saves; a shopper's
 * open cart shows the new price at once. The owner withdraws a product and its page says it is
 * no longer available. axe finds nothing on /admin/catalog at 375 and 1280 px. Every change is
 * undone at the end: later specs price with the seeded catalog.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { SAMPLE_ITEM } from "../support/sample-items";
import { DESKTOP, expectNoAxeViolations, PHONE, waitForHydration } from "./fixtures";

/**
 * The one place this spec logs in: as the first owner (email and password).
 */
async function logInAsOwner(page: Page): Promise<void> {
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

/** Puts the seeded catalog back through the API, with the owner's session. */
async function restoreCatalog(request: APIRequestContext): Promise<void> {
  for (const [id, body] of [
    [1, { ratePerSqFt: 4.5, active: true }],
    [6, { active: true }],
  ] as const) {
    const res = await request.patch(`/api/admin/products/${id}`, { data: body });
    expect(res.status()).toBe(200);
  }
}

test("the owner raises the vinyl rate: preview, save, and a shopper's cart follows", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A shopper with vinyl in the cart (36 × 48 in: 12 sq ft × $4.50).
  const shopper = await browser.newContext({ viewport: PHONE });
  const shopperPage = await shopper.newPage();
  const added = await shopperPage.request.post("/api/cart", { data: SAMPLE_ITEM });
  expect(added.status()).toBe(201);
  await shopperPage.goto("/cart");
  await expect(shopperPage.getByText("$54.00").first()).toBeVisible();

  await page.setViewportSize(DESKTOP);
  await logInAsOwner(page);
  try {
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Catalog" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Catalog and prices" })).toBeVisible();
    await waitForHydration(page);

    const vinyl = page.getByRole("region", { name: "Vinyl Vertical Blinds" });
    const rate = vinyl.getByLabel("Rate per sq ft");
    await expect(rate).toHaveValue("4.50");
    await rate.fill("5.25");
    // The preview, before saving: 36 × 60 in is 15 sq ft, $67.50 now, $78.75 after.
    const row = vinyl.getByRole("row", { name: /36″ × 60″/ });
    await expect(row.getByRole("cell").nth(0)).toHaveText("$67.50");
    await expect(row.getByRole("cell").nth(1)).toHaveText("$78.75");
    // 24 × 36 in stays at the $39.00 minimum.
    await expect(
      vinyl
        .getByRole("row", { name: /24″ × 36″/ })
        .getByRole("cell")
        .nth(1),
    ).toHaveText("$39.00");
    await vinyl.getByRole("button", { name: "Save Vinyl Vertical Blinds" }).click();
    await expect(vinyl.getByRole("status")).toHaveText(
      "Vinyl Vertical Blinds saved: $5.25 per sq ft, minimum $39.00.",
    );

    // Saving the form kept the colors and their order (the first is the default).
    const saved = await page.request.get("/api/admin/catalog");
    const vinylRow = ((await saved.json()) as { products: { id: number; colors: string[] }[] })
      .products[0];
    expect(vinylRow?.colors).toEqual(["white", "off-white", "ivory", "beige", "light-gray"]);

    // The shopper's open cart shows the new price at once.
    await shopperPage.reload();
    await expect(shopperPage.getByText("$63.00").first()).toBeVisible();
    await expect(shopperPage.getByText("$54.00")).toHaveCount(0);

    // A bad rate is refused next to its field, by the browser's check with the action's schema.
    await rate.fill("-3");
    await vinyl.getByRole("button", { name: "Save Vinyl Vertical Blinds" }).click();
    await expect(rate).toHaveAttribute("aria-invalid", "true");
    await expect(rate).toHaveAccessibleDescription(/Rate per sq ft must be between 0\.01/);

    // Withdraw aluminum blinds (another product, from the side list): their page says they are
    // no longer available.
    await page
      .getByRole("navigation", { name: "Catalog sections" })
      .getByRole("link", { name: "Aluminum Mini Blinds" })
      .click();
    await expect(page).toHaveURL(/show=product-aluminum$/);
    const aluminum = page.getByRole("region", { name: "Aluminum Mini Blinds" });
    await aluminum.getByLabel(/^On sale/).uncheck();
    await aluminum.getByRole("button", { name: "Save Aluminum Mini Blinds" }).click();
    await expect(aluminum.getByRole("status")).toContainText("withdrawn from sale");
    const gone = await shopperPage.goto("/product/aluminum");
    expect(gone?.status()).toBe(404);
    await expect(
      shopperPage.getByRole("heading", { level: 1, name: "No Longer Available" }),
    ).toBeVisible();
    await expect(
      shopperPage.getByText("Aluminum Mini Blinds are no longer available"),
    ).toBeVisible();
  } finally {
    await restoreCatalog(page.request);
    await shopper.close();
  }
});

test("/admin/catalog has no axe violations at 375 and 1280 px, in every kind of view", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  await logInAsOwner(page);
  for (const show of [
    "product-zebra-shades",
    "suppliers",
    "collection-melrose",
    "installation",
    "colors",
    "track",
  ]) {
    await page.goto(`/admin/catalog?show=${show}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Catalog and prices" })).toBeVisible();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page);
    }
  }
  // A field error is announced and tied to its field at the phone's size too.
  await page.setViewportSize(PHONE);
  const track = page.getByRole("region", { name: "Track replacement" });
  await track.getByLabel(/price per inch/).fill("250");
  await track.getByRole("button", { name: "Save Track Replacement" }).click();
  const perInch = track.getByLabel(/price per inch/);
  await expect(perInch).toHaveAttribute("aria-invalid", "true");
  await expect(perInch).toHaveAccessibleDescription(/must be between/);
  await expectNoAxeViolations(page);
});

test("the owner uploads a product photo: refused without words, then shown first with the drawing beside it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await logInAsOwner(page);
  await page.goto("/admin/catalog?show=product-fabric");
  await waitForHydration(page);
  const fabric = page.getByRole("region", { name: "Fabric Vertical Blinds" });
  const photo = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: "#cdb891" },
  })
    .jpeg()
    .toBuffer();
  await fabric
    .getByLabel("Photo of Fabric Vertical Blinds")
    .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
  // No description: refused at its field before anything is sent.
  await fabric.getByRole("button", { name: "Upload photo" }).click();
  const alt = fabric.getByLabel("Description for shoppers who can't see the photo");
  await expect(alt).toHaveAttribute("aria-invalid", "true");
  await expect(alt).toHaveAccessibleDescription(/describe the photo/);
  await alt.fill("Sand fabric verticals on a sliding door");
  await fabric.getByRole("button", { name: "Upload photo" }).click();
  await expect(fabric.getByRole("status")).toContainText("Photo added (1200 × 900 px)", {
    timeout: 60_000,
  });
  try {
    await expectNoAxeViolations(page);
    // A shopper sees the photo first (AVIF/WebP at several widths, its own size: no shift)
    // and the drawing as the live preview beside it.
    const shopper = await browser.newContext({ viewport: PHONE });
    const shopperPage = await shopper.newPage();
    await shopperPage.goto("/product/fabric");
    const shown = shopperPage.getByRole("img", { name: "Sand fabric verticals on a sliding door" });
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute("width", "1200");
    await expect(shown).toHaveAttribute("height", "900");
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const avif = shopperPage.locator('picture source[type="image/avif"]').first();
    await expect(avif).toHaveAttribute("srcset", /-320\.avif 320w, .*-1200\.avif 1200w$/);
    await waitForHydration(shopperPage);
    await shopperPage
      .getByRole("button", { name: "Show the live preview of your choices" })
      .click();
    await expect(
      shopperPage.getByRole("img", { name: /^Preview: Fabric Vertical Blinds/ }),
    ).toBeVisible();
    await expectNoAxeViolations(shopperPage);
    await shopperPage.goto("/");
    await expect(
      shopperPage.getByRole("img", { name: "Sand fabric verticals on a sliding door" }),
    ).toBeVisible();
    await shopper.close();
  } finally {
    // Later specs see the drawings again.
    await fabric.getByRole("button", { name: /^Remove photo 1 of 1/ }).click();
    await expect(fabric.getByRole("status").filter({ hasText: "Photo removed." })).toBeVisible();
  }
});
