/**
 * The Spanish store in the browser: the home page, a product page and the zebra page pass axe at
 * 375 and 1280 px in Spanish; the Spanish catalogs are fetched on Spanish pages and never on
 * English ones; the language switch opens the same page (query kept) with the cart kept; the
 * zebra configurator's live price and words stay Spanish after hydration.
 */
import { expect, type Page, test } from "@playwright/test";
import { SAMPLE_ITEM } from "../support/sample-items";
import { axeAtBothSizes, DESKTOP, PHONE, waitForHydration } from "./fixtures";

/** The JavaScript files a page loads, by name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test.describe("the Spanish store", () => {
  for (const path of ["/es", "/es/product/vinyl", "/es/zebra-shades"]) {
    test(`${path}: lang="es" and axe passes at 375 and 1280 px`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await axeAtBothSizes(page);
      await page.screenshot({ path: `/tmp/shots-es-store/${path.replaceAll("/", "_")}-1280.png` });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `/tmp/shots-es-store/${path.replaceAll("/", "_")}-375.png` });
    });
  }

  test("Spanish pages load the Spanish catalogs before hydrating; English pages never do", async ({
    page,
  }) => {
    const scripts = scriptsOf(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.goto("/product/vinyl");
    await waitForHydration(page);
    expect(scripts.some((s) => s.includes("spanish-catalogs"))).toBe(false);
    await page.goto("/es");
    await waitForHydration(page);
    expect(scripts.some((s) => s.includes("spanish-catalogs"))).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Persianas y contraventanas hechas a la medida e instaladas en Lee County",
    );
  });

  test("the switch opens the same page in the other language, query and cart kept", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const added = await page.request.post("/api/cart", { data: SAMPLE_ITEM });
    expect(added.ok()).toBe(true);
    await page.goto("/zebra-shades?width=40");
    await waitForHydration(page);
    const badge = page.getByTestId("cart-badge");
    await expect(badge).toHaveText("1");
    const toSpanish = page.getByRole("link", { name: "Ver esta página en español" });
    const box = await toSpanish.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
    await toSpanish.click();
    await expect(page).toHaveURL(/\/es\/zebra-shades\?width=40$/);
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.getByRole("link", { name: "View this page in English" }).click();
    await expect(page).toHaveURL(/\/zebra-shades\?width=40$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("the zebra configurator prices live in Spanish", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/es/zebra-shades");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cortinas cebra a la medida");
    await page.getByLabel("Ancho (pulgadas)").fill("36 1/8");
    await page.getByLabel("Altura (pulgadas)").fill("48");
    await expect(page.getByText("36 ⅛ × 48 pulg. (ancho × alto)")).toBeVisible();
    await expect(
      page.getByRole("button", { name: /^Agregar al carrito - \$\d{1,3}(,\d{3})*\.\d{2}$/ }),
    ).toBeVisible();
    await page.screenshot({
      path: "/tmp/shots-es-store/es-zebra-priced-1280.png",
      fullPage: false,
    });
  });
});
