/**
 * Good, better, best in the browser (decisions 570, 571): a quote whose one window is offered in
 * three tiers; the customer, on a phone, picks the middle one (the total and deposit follow it),
 * signs and accepts; the order is made of the tier chosen. Axe at 375 and 1280 px on the admin
 * quote page and the customer's page, with screenshots of both at both widths in test-results/.
 */
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { axeAtBothSizes, DESKTOP, PHONE, waitForHydration } from "./fixtures";

async function shoot(page: Page, name: string) {
  for (const [size, label] of [
    [PHONE, "375"],
    [DESKTOP, "1280"],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/${name}-${label}.png`, fullPage: true });
  }
}

const WINDOW = { width: 36.375, height: 48, includeInstallation: true, roomLabel: "Living room" };

test("one window in three tiers: the customer picks the middle one on a phone", async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const lastName = `Tiers${Date.now()}`;
  const login = await page.request.post("/api/admin/login", {
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const created = await page.request.post("/api/admin/quotes", {
    data: {
      customer: {
        firstName: "Maria",
        lastName,
        email: "maria.tiers@example.org",
        phone: "(239) 555-0177",
        address: "1200 Palm Ave",
        city: "Fort Myers",
        zipCode: "33901",
      },
      items: [
        {
          ...WINDOW,
          productId: 1,
          selectedColor: "white",
          alternatives: [
            { ...WINDOW, productId: 5, selectedColor: "ivory" },
            { ...WINDOW, productId: 3, selectedColor: "white" },
          ],
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quote = await created.json();
  expect(quote.items[0].alternatives).toHaveLength(2);
  const sent = await page.request.post(`/api/admin/quotes/${quote.id}/send`);
  expect(sent.ok()).toBe(true);

  // The office's page: the window with its tiers in the builder.
  await page.setViewportSize(PHONE);
  await page.goto(`/admin/quotes/${quote.id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: /^Quote Q-\d+: Maria / })).toBeVisible();
  await page.getByText("Change the quote").click();
  await expect(page.getByText(/^Window 1: Better \(instead of good\)$/)).toBeVisible();
  await expect(page.getByText(/^Window 1: Best \(instead of good\)$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Add an alternative" })).toBeVisible();
  await shoot(page, "quote-tiers-admin");
  await axeAtBothSizes(page);
  const link = await page.getByRole("link", { name: "Customer's page" }).getAttribute("href");

  // The customer's phone.
  const phone = await browser.newContext({ viewport: PHONE });
  const customer = await phone.newPage();
  await customer.goto(new URL(link ?? "", "http://x").pathname);
  await waitForHydration(customer);
  const tiers = customer.getByRole("group", { name: /Living room: choose one of 3/ });
  await expect(tiers).toBeVisible();
  const good = tiers.getByRole("radio", { name: /^Choose good: Vinyl Vertical Blinds$/ });
  const better = tiers.getByRole("radio", { name: /^Choose better: Fabric Vertical Blinds$/ });
  await expect(good).toBeChecked();
  const first = await customer.getByTestId("quote-total").textContent();
  await better.check();
  await expect(better).toBeChecked();
  await expect(customer.getByTestId("quote-total")).not.toHaveText(first ?? "");
  const chosenTotal = (await customer.getByTestId("quote-total").textContent()) ?? "";
  await expect(customer.getByText(`You accept ${chosenTotal}`)).toBeVisible();
  await shoot(customer, "quote-tiers-customer");
  await axeAtBothSizes(customer);
  await customer.setViewportSize(PHONE);

  await customer.getByLabel("Type your full name to sign").fill(`Maria ${lastName}`);
  await customer.getByLabel(/^I agree/).check();
  await customer.getByRole("button", { name: "Accept and sign" }).click();
  await expect(customer.getByText(/^Accepted: Order #\d+$/)).toBeVisible();
  // After the accept, the page shows the tier signed for and the same total.
  await expect(customer.getByTestId("quote-total")).toHaveText(chosenTotal);
  const signed = customer.getByRole("group", { name: /Living room: 3 choices/ });
  await expect(signed.getByText("Chosen")).toHaveCount(1);
  await axeAtBothSizes(customer);
  await phone.close();

  // The order is made of the tier chosen.
  await page.reload();
  await expect(page.getByTestId("quote-status")).toHaveText("Accepted");
  await page.getByRole("link", { name: "See the order made from this quote" }).click();
  await expect(page.getByText("Fabric Vertical Blinds").first()).toBeVisible();
  await expect(page.getByText(chosenTotal).first()).toBeVisible();
  await expect(page.getByText("Vinyl Vertical Blinds")).toHaveCount(0);
});
