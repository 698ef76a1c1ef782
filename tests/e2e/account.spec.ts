/**
 * The customer's own page and the books, through the real pages: two
 * orders under one email, the sign-in link asked for on a phone and opened from the email,
 * both orders listed, the link refused the second time; the owner's month report. Axe at 375
 * and 1280 px on each page.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import {
  axeAtBothSizes,
  expectCheckLoadedOnFirstUse,
  PHONE,
  placeOrderThroughApi,
  waitForHydration,
} from "./fixtures";

// This spec's own client address (TRUST_PROXY is on for e2e): a fast run places more than
// ten orders in ten minutes across the specs, and each address may place ten (rate-limits.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.1" } });

/** The .eml files the store wrote (no SMTP in e2e), decoded enough to read links. */
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

async function signInLinkFor(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const mail = outboxTexts().find(
        (t) => t.includes(`To: ${email}`) && t.includes("/account/verify"),
      );
      link =
        mail?.match(/https?:\/\/[^\s"<>]+\/account\/verify\?token=[A-Za-z0-9_-]{43}/)?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return new URL(link).pathname + new URL(link).search;
}

test("a customer opens every order from one emailed link, once", async ({ page, request }) => {
  // Six axe runs on a shared machine: more than the default minute.
  test.setTimeout(180_000);
  const email = `account.${Date.now()}@example.com`;
  for (const n of [1, 2]) {
    await placeOrderThroughApi(request, {
      lastName: `Account${n}`,
      email,
      phone: "(239) 555-0177",
      address: `${n} Account Way`,
    });
  }

  await page.setViewportSize(PHONE);
  await page.goto("/");
  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await waitForHydration(page);
  await axeAtBothSizes(page);
  await page.setViewportSize(PHONE);

  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("a sign-in link is on its way")).toBeVisible();

  const link = await signInLinkFor(email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: /^Order #\d+$/ })).toHaveCount(2);
  await expect(page.getByTestId("account-order-status").first()).toHaveText(/\w/);
  await expect(page.getByRole("link", { name: /View order #\d+ and its receipt/ })).toHaveCount(2);
  await axeAtBothSizes(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Email me a sign-in link" })).toBeVisible();

  // The same link a second time: refused, with a new one offered.
  await page.goto(link);
  await expect(page.getByText("That sign-in link has already been used")).toBeVisible();
  await expect(page.getByRole("button", { name: "Email me a sign-in link" })).toBeVisible();
  await axeAtBothSizes(page);
});

async function logIn(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
}

test("the owner reads this month's books", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, "/admin");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Reports" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await page.getByRole("link", { name: "This month" }).click();
  await expect(page.getByRole("link", { name: "This month" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(
    page.getByRole("heading", { name: "Sales tax on completed orders (Florida DR-15)" }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: "Payments received per week" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Payments CSV" })).toHaveAttribute(
    "href",
    /\/api\/admin\/reports\/payments\.csv\?from=\d{4}-\d{2}-01&to=/,
  );
  await axeAtBothSizes(page);
});

test("/account loads no zod until its form is used; then the browser checks the email (decision 395)", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await expectCheckLoadedOnFirstUse(page, "/account", {
    label: "Email",
    badValue: "not-an-email",
    message: "name@example.com",
  });
});
