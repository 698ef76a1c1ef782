import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DESKTOP, expectNoAxeViolations, PHONE, waitForHydration } from "./fixtures";

test.describe("foundation", () => {
  test("home renders the products from the database", async ({ page, request }) => {
    const products = (await (await request.get("/api/products")).json()) as { name: string }[];
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const section = page.locator("#products");
    for (const p of products) {
      await expect(section.getByRole("heading", { name: p.name })).toBeVisible();
    }
    await expect(section.getByText("Custom pricing available").first()).toBeVisible();
    await expect(
      section.getByRole("link", { name: "View Options for Zebra Shades" }),
    ).toHaveAttribute("href", "/zebra-shades");
    await expect(
      section.getByRole("link", { name: "View Options for Vinyl Vertical Blinds" }),
    ).toHaveAttribute("href", "/product/vinyl");
  });

  // The header's search is answered on the server: words and synonyms find
  // products, pages and answers; tests/e2e/look.spec.ts covers it further.
  test("header search for fabric lists the fabric blinds' page", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByLabel("Search", { exact: true }).click();
    const box = page.getByRole("searchbox", { name: "Search the store" });
    await box.fill("fabric");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=fabric$/);
    await expect(page.locator('#main a[href="/product/fabric"]').first()).toBeVisible();
  });

  test("Escape closes and clears the search", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const toggle = page.getByLabel("Search", { exact: true });
    await toggle.click();
    const box = page.getByRole("searchbox", { name: "Search the store" });
    await box.fill("vinyl");
    await box.press("Escape");
    await expect(box).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(page.getByRole("searchbox", { name: "Search the store" })).toHaveValue("");
  });

  test("the mobile menu lists the site's pages, Installation and Contact among them", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/zebra-shades");
    await waitForHydration(page);
    await page.getByLabel("Menu", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    // One data list (app/components/site-nav.ts, decision 246) makes both menus.
    for (const name of [
      "Products",
      "Zebra Shades",
      "Track Replacement",
      "Installation",
      "Contact",
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await menu.getByRole("link", { name: "Installation" }).click();
    await expect(page).toHaveURL(/\/#installation$/);
    await expect(page.locator("#installation")).toBeInViewport();
  });

  test("an unknown path shows the 404 page with HTTP 404", async ({ page }) => {
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("home has no axe violations at phone and desktop widths", async ({ page }) => {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto("/");
      await expectNoAxeViolations(page);
    }
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await skip.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });

  test("fingerprinted assets are immutable and served precompressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    // The client entry (React, ~58 KB br): the first script the page names is now a route
    // module (no modulepreload hints on cached pages, decision 144), too small to precompress.
    const src = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0] ?? null;
    expect(src).toMatch(/^\/assets\/.+\.js$/);
    for (const encoding of ["br", "gzip"]) {
      const res = await request.get(src as string, { headers: { "accept-encoding": encoding } });
      expect(res.status()).toBe(200);
      expect(res.headers()["content-encoding"]).toBe(encoding);
      expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  test("the real server sends pages a CSP that allows exactly their scripts, and JSON a deny-all CSP", async ({
    request,
  }) => {
    // A page with a cart: rendered per request, a nonce on every script.
    const cart = await request.get("/cart");
    const cartCsp = cart.headers()["content-security-policy"] ?? "";
    const nonce = cartCsp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const cartScripts = (await cart.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(cartScripts.length).toBeGreaterThan(0);
    for (const tag of cartScripts) {
      if (tag.includes('type="application/ld+json"')) continue; // data, not script
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    // A page the same for everyone: the same bytes for every visitor, so the CSP
    // lists the SHA-256 of each inline script instead of a nonce.
    const page = await request.get("/");
    const csp = page.headers()["content-security-policy"] ?? "";
    expect(csp).not.toContain("'nonce-");
    expect(csp.match(/script-src [^;]*/)?.[0]).not.toContain("unsafe-inline");
    const html = await page.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\bsrc=/.test(attributes ?? "") && !/ld\+json/.test(attributes ?? ""),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , body] of inline) {
      const digest = createHash("sha256")
        .update(body ?? "", "utf8")
        .digest("base64");
      expect(csp).toContain(`'sha256-${digest}'`);
    }
    expect(page.headers()["x-frame-options"]).toBe("DENY");
    const api = await request.get("/api/products");
    expect(api.headers()["content-security-policy"]).toBe(
      "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(api.headers()["x-content-type-options"]).toBe("nosniff");
    expect(api.headers()["x-powered-by"]).toBeUndefined();
  });
});
