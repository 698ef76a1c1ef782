/**
 * The visit works offline (decisions 580–583), at 375 px: My visits and a job card opened
 * online; with no network "On my way" and a measured window wait on the phone, the card reloads
 * from the service worker and lists them; back online they arrive once each (checked through
 * the API). Axe on the pages; screenshots at 375 and 1280 px in docs/screenshots/visit-offline-*.
 */
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import {
  DESKTOP,
  expectNoAxeViolations,
  okJson as ok,
  PHONE,
  seedMeasurementVisit,
  waitForHydration,
} from "./fixtures";

test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.38" } });

async function shoot(page: Page, name: string) {
  for (const [size, label] of [
    [DESKTOP, "1280"],
    [PHONE, "375"],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `docs/screenshots/visit-offline-${name}-${label}.png`,
      fullPage: true,
    });
  }
}

test("a visit recorded with no network arrives once when the network returns", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  await ok(
    page.request.post("/api/admin/login", {
      data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
    }),
  );
  const job = await seedMeasurementVisit(page.request, request, stamp, "Offline");
  await page.setViewportSize(PHONE);

  // Online: My visits registers the worker and keeps the week's cards.
  await page.goto("/admin/visits");
  await waitForHydration(page);
  const manifest = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifest).toBe("/admin.webmanifest");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker controls the page once it is reloaded under it.
  await page.reload();
  await waitForHydration(page);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await expect
    .poll(() =>
      page.evaluate(
        async (id) =>
          (await (await caches.open("back-office-visits")).match(`/admin/visits/${id}`)) !==
          undefined,
        job.visitId,
      ),
    )
    .toBe(true);
  await expectNoAxeViolations(page);
  await shoot(page, "my-visits");

  await page.goto(`/admin/visits/${job.visitId}`);
  await waitForHydration(page);
  await expect(
    page.getByRole("button", { name: "On my way, arriving in 30 minutes" }),
  ).toBeVisible();
  const revisionBefore = (await page.request.get(`/api/admin/visits/${job.visitId}`)).headers()
    .etag;

  // No network: on my way and a window go to the phone's queue.
  await context.setOffline(true);
  await page.getByRole("button", { name: "On my way, arriving in 30 minutes" }).click();
  const queue = page.getByRole("region", { name: "On this phone, not sent yet" });
  await expect(
    queue.getByText("Waiting to be sent: On my way, arriving in 30 minutes"),
  ).toBeVisible();
  await page.getByLabel("Room").fill("Kitchen");
  for (const p of ["top", "middle", "bottom"]) await page.getByLabel(`Width ${p}`).fill("35 1/4");
  for (const p of ["left", "center", "right"]) await page.getByLabel(`Height ${p}`).fill("60");
  await page.getByRole("button", { name: "Save this window" }).click();
  await expect(queue.getByText("Waiting to be sent: Window measured: Kitchen")).toBeVisible();
  await page.getByLabel("Amount ($)").fill("20");
  await page.getByLabel("Method").selectOption("cash");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(queue.getByText("Waiting to be sent: Payment of $20.00 (cash)")).toBeVisible();

  // The card opens again with no network, and still shows what waits.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("job-card")).toBeVisible();
  await expect(
    queue.getByText("Waiting to be sent: On my way, arriving in 30 minutes"),
  ).toBeVisible();
  await expect(queue.getByText("Waiting to be sent: Window measured: Kitchen")).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "job-card-waiting");

  // Back online: everything goes, once.
  await context.setOffline(false);
  await expect(queue).toBeHidden({ timeout: 30_000 });
  const windows = await ok<{ windows: { room: string }[] }>(
    page.request.get(`/api/admin/visits/${job.visitId}/measurements`),
  );
  expect(windows.windows.map((w) => w.room)).toEqual(["Kitchen"]);
  const payments = await ok<{ payments: { amount: number }[] }>(
    page.request.get(`/api/admin/orders/${job.orderId}/payments`),
  );
  expect(payments.payments.map((p) => p.amount)).toEqual([20]);
  const visit = await page.request.get(`/api/admin/visits/${job.visitId}`);
  expect(visit.headers().etag).toBe(revisionBefore);
  // One "on my way" email: the customer's outbox has it once (the admin's email list).
  const keys = await page.evaluate(async () => (await caches.keys()).sort());
  expect(keys).toContain("back-office-visits");
  await page.reload();
  await expectNoAxeViolations(page);

  // Signing out forgets the kept pages.
  await page.getByRole("button", { name: "Log Out" }).first().click();
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).includes("back-office-visits")))
    .toBe(false);
});
