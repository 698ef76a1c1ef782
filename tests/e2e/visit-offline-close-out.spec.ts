/**
 * The whole visit with no network (decisions 580–584), at 375 px. The job cards are opened
 * online, then the context goes offline: on the measurement visit's card "On my way", "I've
 * arrived" and three windows; on the installation's card a $200 cash payment and the close-out
 * (checklist, two photos, the customer's signature). Back online everything arrives once, in
 * the order it was made; each request sent again with its key answers the first answer and
 * creates nothing. A second test: the office changes the order while the phone is offline, the
 * queued payment is refused as stale and shown; the installer sends it anyway. Chromium finds
 * /admin installable; axe on the offline screens.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { storeToday } from "../../domain/scheduling/visit-time";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import {
  DESKTOP,
  expectNoAxeViolations,
  okJson as ok,
  PHONE,
  seedMeasurementVisit,
  waitForHydration,
} from "./fixtures";

test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.84" } });

const SHOTS = "/tmp/shots-offline";

async function shoot(page: Page, name: string) {
  for (const [size, label] of [
    [DESKTOP, "1280"],
    [PHONE, "375"],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
}

/** The email outbox's messages (files written by the server under DATA_DIR/outbox). */
function outbox(): string[] {
  const dir = path.join(path.dirname(process.env.E2E_LOG_FILE ?? ""), "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
}

/** Signs in as the owner; the job: a measurement visit and an installation today, one order. */
async function seedJob(page: Page, request: Page["request"], prefix: string) {
  const stamp = Date.now();
  await ok(
    page.request.post("/api/admin/login", {
      data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
    }),
  );
  const job = await seedMeasurementVisit(page.request, request, stamp, prefix);
  // Two blinds instead of one: an order of more than the $200 collected on the day.
  const placed = await ok<{ items: { id: number }[] }>(
    page.request.get(`/api/admin/orders/${job.orderId}`),
  );
  await ok(
    page.request.patch(`/api/admin/orders/${job.orderId}/items/${placed.items[0]?.id}`, {
      data: { quantity: 2, reason: "Two windows of that size" },
    }),
  );
  const measure = await ok<{ staffId: number }>(
    page.request.get(`/api/admin/visits/${job.visitId}`),
  );
  const install = await ok<{ id: number }>(
    page.request.post(`/api/admin/orders/${job.orderId}/visits`, {
      data: {
        kind: "install",
        date: storeToday(),
        start: "20:00",
        end: "21:00",
        staffId: measure.staffId,
      },
    }),
  );
  return { ...job, installId: install.id };
}

/** My visits opened online: the worker controls the page and keeps today's cards. */
async function keepTheCards(page: Page, visitIds: number[]) {
  await page.goto("/admin/visits");
  await waitForHydration(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await waitForHydration(page);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  for (const id of visitIds) {
    await expect
      .poll(() =>
        page.evaluate(
          async (visit) =>
            (await (await caches.open("back-office-visits")).match(`/admin/visits/${visit}`)) !==
            undefined,
          id,
        ),
      )
      .toBe(true);
  }
}

/** The customer signs with a finger: touch events through the DevTools protocol. */
async function sign(page: Page) {
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("no signature pad");
  const cdp = await page.context().newCDPSession(page);
  const at = (dx: number, dy: number) => [{ x: box.x + dx, y: box.y + dy, id: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(20, 60) });
  for (const [dx, dy] of [
    [50, 40],
    [90, 70],
    [130, 45],
    [170, 80],
  ] as const) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(dx, dy) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  answer: string;
}

/**
 * From the next page on, every POST the page sends to /api/admin, with its answer, bytes as
 * sent (base64): the page's own fetch, watched (the worker hides its requests from the
 * protocol's network events).
 */
async function recordSends(page: Page): Promise<() => Promise<Sent[]>> {
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    Object.assign(window, { sentToAdmin: sent });
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== "POST" || !new URL(request.url).pathname.startsWith("/api/admin/")) {
        return original(request);
      }
      const bytes = new Uint8Array(await request.clone().arrayBuffer());
      const response = await original(request);
      let binary = "";
      for (const b of bytes) binary += String.fromCharCode(b);
      sent.push({
        url: new URL(request.url).pathname,
        headers: Object.fromEntries(request.headers),
        body: btoa(binary),
        status: response.status,
        answer: await response.clone().text(),
      });
      return response;
    };
  });
  return () => page.evaluate(() => (window as unknown as { sentToAdmin: Sent[] }).sentToAdmin);
}

test("the whole visit recorded with no network arrives once, in order, when it returns", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(300_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const job = await seedJob(page, request, "Visit");
  const order = await ok<{ total_amount: number }>(
    page.request.get(`/api/admin/orders/${job.orderId}`),
  );
  expect(order.total_amount, "an order of more than $200").toBeGreaterThan(200);
  await page.setViewportSize(PHONE);
  await keepTheCards(page, [job.visitId, job.installId]);

  const sentNow = await recordSends(page);
  await page.goto(`/admin/visits/${job.visitId}`);
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "I've arrived" })).toBeVisible();

  // No network from here on.
  await context.setOffline(true);
  const queue = page.getByRole("region", { name: "On this phone, not sent yet" });
  await page.getByRole("button", { name: "On my way, arriving in 30 minutes" }).click();
  await expect(
    queue.getByText("Waiting to be sent: On my way, arriving in 30 minutes"),
  ).toBeVisible();
  await page.getByRole("button", { name: "I've arrived" }).click();
  await expect(queue.getByText(/^Waiting to be sent: Arrived at /)).toBeVisible();
  await expect(page.getByText("Your arrival waits on this phone to be sent.")).toBeVisible();
  for (const room of ["Kitchen", "Living room", "Bedroom"]) {
    await page.getByLabel("Room").fill(room);
    for (const p of ["top", "middle", "bottom"]) await page.getByLabel(`Width ${p}`).fill("35 1/4");
    for (const p of ["left", "center", "right"]) await page.getByLabel(`Height ${p}`).fill("60");
    await page.getByRole("button", { name: "Save this window" }).click();
    await expect(queue.getByText(`Waiting to be sent: Window measured: ${room}`)).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await shoot(page, "measure-card-waiting");
  await page.setViewportSize(PHONE);

  // The installation's card opens with no network too.
  await page.goto(`/admin/visits/${job.installId}`);
  await waitForHydration(page);
  await expect(page.getByTestId("job-card")).toBeVisible();
  await page.getByRole("form", { name: "Record a payment" }).getByLabel("Amount ($)").fill("200");
  await page
    .getByRole("form", { name: "Record a payment" })
    .getByLabel("Method")
    .selectOption("cash");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(queue.getByText("Waiting to be sent: Payment of $200.00 (cash)")).toBeVisible();
  // Nothing was paid before: what stays due is the total less the $200 waiting.
  const left = Math.round(order.total_amount * 100) - 20_000;
  await expect(page.getByText("$200.00 waiting to be sent from this phone")).toBeVisible();

  const closeOut = page.getByRole("form", { name: "Close out" });
  for (const installed of await closeOut.getByRole("radio", { name: "Installed" }).all()) {
    await installed.check();
  }
  // A phone camera's photo (shrunk on the phone to 2,048 px) and a small one.
  const big = await sharp({
    create: { width: 3000, height: 2000, channels: 3, background: "#c9ccCF" },
  })
    .jpeg()
    .toBuffer();
  const small = await sharp({
    create: { width: 640, height: 480, channels: 3, background: "#d9c7a7" },
  })
    .png()
    .toBuffer();
  await closeOut.getByLabel(/^Photos/).setInputFiles([
    { name: "window-1.jpg", mimeType: "image/jpeg", buffer: big },
    { name: "window-2.png", mimeType: "image/png", buffer: small },
  ]);
  await sign(page);
  if (left > 0) {
    // The $200 waiting is counted: what stays due is the rest, with a reason.
    const balance = closeOut.getByRole("group", {
      name: `Balance due: $${(left / 100).toFixed(2)}`,
    });
    await balance.getByLabel("Collected ($)").fill("");
    await balance.getByLabel(/^Or, if money stays due/).fill("The rest on the invoice.");
  }
  await closeOut.getByLabel("Customer's name, typed").fill("Vera Visit");
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(
    queue.getByText(
      /^Waiting to be sent: Close-out: 1 item, 2 photos \(\d+(\.\d)? (KB|MB) with the signature\), signed by Vera Visit$/,
    ),
  ).toBeVisible();
  await expect(page.getByText("The close-out is kept on this phone")).toBeVisible();

  // Kept across a reload with no network: IndexedDB holds the photos and the signature.
  await page.reload();
  await waitForHydration(page);
  await expect(queue.getByText(/^Waiting to be sent: Close-out: /)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "install-card-waiting");
  await page.setViewportSize(PHONE);
  expect(await sentNow(), "nothing left the phone offline").toEqual([]);

  // Back online: everything goes, once, in the order it was made.
  await context.setOffline(false);
  await expect(queue).toBeHidden({ timeout: 60_000 });
  await expect.poll(async () => (await sentNow()).length).toBe(7);
  const sent = await sentNow();
  expect(sent.map((s) => s.url.replace(/\d+/g, ":id"))).toEqual([
    "/api/admin/visits/:id/on-my-way",
    "/api/admin/visits/:id/arrived",
    "/api/admin/visits/:id/measurements",
    "/api/admin/visits/:id/measurements",
    "/api/admin/visits/:id/measurements",
    "/api/admin/orders/:id/payments",
    "/api/admin/visits/:id/close-out",
  ]);
  for (const s of sent) expect(s.status, `${s.url}: ${s.answer}`).toBeLessThan(300);

  const payments = await ok<{ payments: { amount: number; method: string }[] }>(
    page.request.get(`/api/admin/orders/${job.orderId}/payments`),
  );
  expect(payments.payments.map((p) => [p.amount, p.method])).toEqual([[200, "cash"]]);
  const windows = await ok<{ windows: { room: string }[] }>(
    page.request.get(`/api/admin/visits/${job.visitId}/measurements`),
  );
  expect(windows.windows.map((w) => w.room)).toEqual(["Kitchen", "Living room", "Bedroom"]);
  const arrived = await ok<{ arrivedAt: string | null }>(
    page.request.get(`/api/admin/visits/${job.visitId}`),
  );
  expect(arrived.arrivedAt).not.toBeNull();
  const installed = await ok<{ status: string }>(
    page.request.get(`/api/admin/visits/${job.installId}`),
  );
  expect(installed.status).toBe("done");

  // The card online: closed out, two photos, the signature; the big photo shrunk on the phone.
  await page.reload();
  await waitForHydration(page);
  const closed = page.getByRole("region", { name: "Closed out" });
  await expect(closed.getByText("2 photos")).toBeVisible();
  const signature = await page.request.get(
    `/api/admin/visits/${job.installId}/close-out/signature`,
  );
  expect(signature.status()).toBe(200);
  const multipart = Buffer.from(sent.at(-1)?.body ?? "", "base64");
  expect(multipart.length, "the big photo went shrunk").toBeLessThan(big.length + small.length);
  await expectNoAxeViolations(page);

  // One "on my way" email to the customer.
  const onMyWay = () =>
    outbox().filter(
      (m) =>
        m.includes(`To: ${job.email}`) && m.includes("On the way: arriving in about 30 minutes"),
    );
  await expect.poll(() => onMyWay().length).toBe(1);

  // Each request sent again with its key: the first answer, and nothing more.
  for (const s of sent) {
    const again = await page.request.post(s.url, {
      headers: {
        "content-type": s.headers["content-type"] ?? "application/json",
        "idempotency-key": s.headers["idempotency-key"] ?? "",
        ...(s.headers["if-match"] ? { "if-match": s.headers["if-match"] } : {}),
      },
      data: Buffer.from(s.body, "base64"),
    });
    expect(again.status(), s.url).toBe(s.status);
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    expect(await again.text()).toBe(s.answer);
  }
  const after = await ok<{ payments: unknown[] }>(
    page.request.get(`/api/admin/orders/${job.orderId}/payments`),
  );
  expect(after.payments).toHaveLength(1);
  expect(onMyWay()).toHaveLength(1);
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Closed out" }).getByText("2 photos"),
  ).toBeVisible();
});

test("Chromium finds the back office installable", async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // A normal profile: Playwright's own contexts are off the record, which Chromium never installs.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "offline-profile-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport: PHONE,
    extraHTTPHeaders: { "x-forwarded-for": "198.18.0.85" },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await ok(
      page.request.post("/api/admin/login", {
        data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
      }),
    );
    await keepTheCards(page, []);
    await page.goto("/admin");
    await waitForHydration(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test("an order the office changed meanwhile: the queued payment is refused as stale, shown, and the installer decides", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const job = await seedJob(page, request, "Stale");
  await page.setViewportSize(PHONE);
  await keepTheCards(page, [job.installId]);
  await page.goto(`/admin/visits/${job.installId}`);
  await waitForHydration(page);

  await context.setOffline(true);
  const payment = page.getByRole("form", { name: "Record a payment" });
  await payment.getByLabel("Amount ($)").fill("50");
  await payment.getByLabel("Method").selectOption("check");
  await page.getByRole("button", { name: "Record payment" }).click();
  const queue = page.getByRole("region", { name: "On this phone, not sent yet" });
  await expect(queue.getByText("Waiting to be sent: Payment of $50.00 (check)")).toBeVisible();

  // Meanwhile the office confirms the order (its status is part of the order's revision).
  await ok(
    request.post(`/api/admin/orders/${job.orderId}/status`, {
      data: { status: "confirmed" },
      headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
    }),
  );

  await context.setOffline(false);
  await expect(
    queue.getByText(/^Failed: Payment of \$50\.00 \(check\)\. The office changed this order/),
  ).toBeVisible({ timeout: 30_000 });
  const none = await ok<{ payments: unknown[] }>(
    page.request.get(`/api/admin/orders/${job.orderId}/payments`),
  );
  expect(none.payments).toHaveLength(0);
  await expectNoAxeViolations(page);
  await shoot(page, "stale-payment");
  await page.setViewportSize(PHONE);

  // He looked at the order as it is now, and the payment still stands: sent again, once.
  await queue.getByRole("button", { name: "Send it anyway: Payment of $50.00 (check)" }).click();
  await expect(queue).toBeHidden({ timeout: 30_000 });
  const paid = await ok<{ payments: { amount: number }[] }>(
    page.request.get(`/api/admin/orders/${job.orderId}/payments`),
  );
  expect(paid.payments.map((p) => p.amount)).toEqual([50]);
});
