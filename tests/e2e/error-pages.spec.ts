/**
 * The store's error pages in the built store, in production mode. A real
 * unexpected error: the visits table is renamed for a moment in the e2e store's SQLite file,
 * as a failing database would, so the booking page's loader throws. The shopper gets the 500
 * apology with the phone number and a way home, inside the store's header and footer, and
 * nothing of the error; an unknown address gets the friendly 404. Axe at 375 and 1280 px.
 */
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { axeAtBothSizes, PHONE } from "./fixtures";

/** The e2e store's database: DATA_DIR/store.db (playwright.config.ts), beside the log file. */
function storeDatabase(): Database.Database {
  const db = new Database(path.join(path.dirname(process.env.E2E_LOG_FILE ?? ""), "store.db"), {
    fileMustExist: true,
  });
  db.pragma("busy_timeout = 5000");
  return db;
}

async function expectInTheStore(page: Page) {
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.locator("#main").getByRole("link", { name: "Return Home" })).toHaveAttribute(
    "href",
    "/",
  );
}

test("a database failure under a page is a branded 500 that tells nothing of it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const db = storeDatabase();
  db.exec("ALTER TABLE visits RENAME TO visits_away");
  let status = 0;
  try {
    const response = await page.goto("/bookings/AAAA-BBBB-CCCC-DDDD");
    status = response?.status() ?? 0;
  } finally {
    db.exec("ALTER TABLE visits_away RENAME TO visits");
    db.close();
  }
  expect(status).toBe(500);
  await expect(
    page.getByRole("heading", { level: 1, name: "Sorry, something went wrong on our side" }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/^Something went wrong \| /);
  const main = page.locator("#main");
  await expect(main).toContainText("call us at (239) 555-0142");
  await expect(main.getByRole("link", { name: "Call (239) 555-0142" })).toHaveAttribute(
    "href",
    "tel:+12395550142",
  );
  await expectInTheStore(page);
  // The visible page (React Router keeps its own words in the hydration data, not shown).
  const text = (await page.locator("#main").textContent()) ?? "";
  expect(text).not.toContain("Unexpected Server Error");
  expect(text).not.toMatch(/bookings_away|no such table|SqliteError/i);
  await axeAtBothSizes(page);

  // The table is back: the same address is the booking page's own 404 again.
  const again = await page.goto("/bookings/AAAA-BBBB-CCCC-DDDD");
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.locator("#main")).toContainText("Booking not found");
});

test("an unknown address is the friendly 404", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expectInTheStore(page);
  await expect(page.locator("#main").getByRole("link", { name: "Contact Us" })).toBeVisible();
  await axeAtBothSizes(page);
});
