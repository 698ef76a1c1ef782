/**
 * Saved projects through the real pages (decision 523): a shopper on a phone saves a 4-window
 * cart as a project, the link is emailed, another browser opens it from the email, sees every
 * price unchanged and adds all four to its own cart. Axe at 375 and 1280 px on the project page,
 * screenshots of both widths in the test's output.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SAMPLE_ITEM, TRACK_ITEM, VINYL_INSTALLED, ZEBRA_CORDLESS } from "../support/sample-items";
import { axeAtBothSizes, DESKTOP, PHONE, waitForHydration } from "./fixtures";

test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.23" } });

function outboxTexts(): string[] {
  const dir = path.join(path.dirname(process.env.E2E_LOG_FILE ?? ""), "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) =>
    fs
      .readFileSync(path.join(dir, f), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "="),
  );
}

test("a shopper saves four windows, opens them in another browser from the email and adds them all", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  for (const item of [VINYL_INSTALLED, SAMPLE_ITEM, ZEBRA_CORDLESS, TRACK_ITEM]) {
    expect((await page.request.post("/api/cart", { data: item })).status()).toBe(201);
  }
  await page.goto("/cart");
  await waitForHydration(page);
  await page.getByLabel("Project name").fill("Whole house");
  await page.getByRole("button", { name: "Save as a project" }).click();
  await expect(page).toHaveURL(/\/projects\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Whole house" })).toBeVisible();
  await expect(
    page.getByText("4 windows · every price is the same as when you saved it"),
  ).toBeVisible();
  const token = new URL(page.url()).pathname.split("/").pop() ?? "";

  const email = `project.${Date.now()}@example.com`;
  await waitForHydration(page);
  await page.getByLabel("Email me this link").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We sent the link" })).toHaveText(
    `We sent the link to ${email}.`,
  );
  // Nothing wider than the phone (a long email address once pushed the page sideways).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath("project-375.png"), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: testInfo.outputPath("project-1280.png"), fullPage: true });
  await axeAtBothSizes(page);

  let link = "";
  await expect
    .poll(() => {
      const mail = outboxTexts().find((t) => t.includes(`To: ${email}`));
      link = mail?.match(/https?:\/\/[^\s"<>]+\/projects\/[A-Za-z0-9_-]{43}/)?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  expect(link.endsWith(token)).toBe(true);

  // Another browser: no cookie of the first.
  const other = await browser.newContext({
    viewport: PHONE,
    extraHTTPHeaders: { "x-forwarded-for": "198.18.0.24" },
  });
  try {
    const second = await other.newPage();
    await second.goto(new URL(link).pathname);
    await expect(second.getByRole("heading", { level: 1, name: "Whole house" })).toBeVisible();
    await expect(second.getByText("Same as when saved")).toHaveCount(4);
    await second.getByRole("button", { name: "Add all to cart" }).click();
    await expect(second).toHaveURL(/\/cart$/);
    await expect(second.getByText("4 items in your cart")).toBeVisible();
  } finally {
    await other.close();
  }
});

test("an unknown project is a 404 page", async ({ page }) => {
  const res = await page.goto(`/projects/${"A".repeat(43)}`);
  expect(res?.status()).toBe(404);
});
