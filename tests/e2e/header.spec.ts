/**
 * The storefront header's phone menu and search: <details>/<summary>, so both
 * open without JavaScript; after hydration they close on navigation, on Escape (focus back on
 * the button) and when focus leaves them, and pass axe open and closed at both widths.
 */
import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, expectNoAxeViolations, PHONE, waitForHydration } from "./fixtures";

const menuButton = (page: Page) => page.getByLabel("Menu", { exact: true });
const searchButton = (page: Page) => page.getByLabel("Search", { exact: true });
const phoneMenu = (page: Page) => page.getByRole("navigation", { name: "Mobile" });
const searchBox = (page: Page) =>
  page.getByRole("banner").getByRole("searchbox", { name: "Search the store" });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the phone menu opens at 375 px and its links are followed", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/contact");
    await expect(phoneMenu(page)).toBeHidden();
    await menuButton(page).click();
    await expect(phoneMenu(page)).toBeVisible();
    await expect(phoneMenu(page).getByRole("link", { name: "Free Samples" })).toBeVisible();
    await phoneMenu(page).getByRole("link", { name: "Track Replacement" }).click();
    await expect(page).toHaveURL(/\/track-replacement$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Track Replacement");
    // A section of the home page, as a plain link.
    await menuButton(page).click();
    await phoneMenu(page).getByRole("link", { name: "Installation" }).click();
    await expect(page).toHaveURL(/\/#installation$/);
  });

  test("the header's search finds shutters", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await searchButton(page).click();
    await searchBox(page).fill("shutters");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=shutters$/);
    await expect(page.getByTestId("search-results").getByRole("link").first()).toHaveText(
      /Plantation Shutters/,
    );
  });

  test("one panel at a time: opening the search closes the menu", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await menuButton(page).click();
    await expect(phoneMenu(page)).toBeVisible();
    await searchButton(page).click();
    await expect(searchBox(page)).toBeVisible();
    await expect(phoneMenu(page)).toBeHidden();
  });
});

test.describe("after hydration", () => {
  test("the menu closes on navigation and on Escape, focus back on its button", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await waitForHydration(page);
    await menuButton(page).click();
    await expect(phoneMenu(page)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(phoneMenu(page).getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(phoneMenu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();

    await menuButton(page).click();
    await phoneMenu(page).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(phoneMenu(page)).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();

    // Back in history: still closed.
    await menuButton(page).click();
    await expect(phoneMenu(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(phoneMenu(page)).toBeHidden();
  });

  test("tabbing past the menu's last link closes it", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/faq");
    await waitForHydration(page);
    await menuButton(page).click();
    const links = phoneMenu(page).getByRole("link");
    await links.last().focus();
    await page.keyboard.press("Tab");
    await expect(phoneMenu(page)).toBeHidden();
  });

  test("the search takes focus when opened and a search navigates in the page", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/returns");
    await waitForHydration(page);
    await searchButton(page).click();
    await expect(searchBox(page)).toBeFocused();
    // A blank search is not sent.
    await searchBox(page).fill("   ");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/returns$/);
    await searchBox(page).fill("samples");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=samples$/);
    await expect(searchBox(page)).toBeHidden();
    await expect(page.getByTestId("search-results").getByRole("link").first()).toHaveText(
      /Free Samples/,
    );
  });

  test("axe passes with the panels open and closed at 375 and 1280 px", async ({ page }) => {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto("/");
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await searchButton(page).click();
      await expect(searchBox(page)).toBeVisible();
      await expectNoAxeViolations(page);
      if (size === PHONE) {
        await menuButton(page).click();
        await expect(phoneMenu(page)).toBeVisible();
        await expectNoAxeViolations(page);
      } else {
        await expect(menuButton(page)).toBeHidden();
      }
    }
  });
});
