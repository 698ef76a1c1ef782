/**
 * Decisions 210–212 in the browser: the office sets an installer's hours; a shopper books a
 * measurement visit at /book (ZIP first, then a week of windows, then the details), gets the
 * confirmation with the invite, moves it once and cancels it at /bookings/REFERENCE. Axe at 375
 * and 1280 px on each step; one booking with JavaScript off (plain form posts). A visit booked
 * online is a visit like the office's: in the schedule's week grid, "My visits"
 * and its own job card.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { axeAtBothSizes, DESKTOP, PHONE, waitForHydration } from "./fixtures";

const WEEKDAY = [{ start: "08:00", end: "16:00" }];
const SHOTS = process.env.BOOKING_SCREENSHOTS === "1";

/** With BOOKING_SCREENSHOTS=1: the page at 375 and 1280 px into docs/screenshots/. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [size, label] of [
    [PHONE, "375"],
    [DESKTOP, "1280"],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `docs/screenshots/${name}-${label}.jpg`,
      type: "jpeg",
      quality: 70,
      fullPage: true,
    });
  }
}

/** An installer with weekday hours, added and set through the admin API as the owner. */
async function installerWithHours(request: APIRequestContext): Promise<void> {
  const login = await request.post("/api/admin/login", {
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const added = await request.post("/api/admin/staff", {
    data: {
      name: "Booking Installer",
      email: `booking.${Date.now()}@example.com`,
      role: "installer",
      password: "temporary-pass-1",
    },
  });
  expect(added.status()).toBe(201);
  const { id } = (await added.json()) as { id: number };
  const hours = await request.put(`/api/admin/staff/${id}/availability`, {
    data: {
      weekly: { mon: WEEKDAY, tue: WEEKDAY, wed: WEEKDAY, thu: WEEKDAY, fri: WEEKDAY },
      timeOff: [],
    },
  });
  expect(hours.ok()).toBe(true);
}

async function fillDetails(page: Page, email: string) {
  await page.getByLabel("First name").fill("Ana");
  await page.getByLabel("Last name").fill("Booker");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(239) 555-0177");
  await page.getByLabel("Street address").fill("12 Palm Ave");
  await page.getByLabel("City").fill("Cape Coral");
}

test.describe("booking a measurement visit online", () => {
  test.beforeAll(async ({ request }) => {
    await installerWithHours(request);
  });

  test("a shopper on a phone books, moves once and cancels", async ({ page }) => {
    // Four pages, each checked by axe at two sizes: slow on a shared machine.
    test.setTimeout(300_000);
    await page.setViewportSize(PHONE);
    await page.goto("/book");
    await waitForHydration(page);
    await axeAtBothSizes(page);
    await page.setViewportSize(PHONE);

    // Outside the area: the phone number.
    await page.getByLabel("ZIP code").fill("10001");
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "outside our service area" }),
    ).toContainText("(239) 555-0142");

    await page.getByLabel("ZIP code").fill("33904");
    await page.getByRole("button", { name: "Show times" }).click();
    const windows = page.getByRole("group", { name: /Arrival windows, week 1/ });
    await expect(windows).toBeVisible();
    await axeAtBothSizes(page);
    await page.setViewportSize(PHONE);

    // Keyboard: focus a window and pick it with the space bar. One of the later week: on a
    // Thursday afternoon the first week is Friday alone, every window of it within the 24 hours
    // in which the customer can no longer move or cancel it.
    await page.getByRole("link", { name: "Later week" }).click();
    const later = page.getByRole("group", { name: /Arrival windows, week 2/ });
    await expect(later).toBeVisible();
    const picked = later.getByRole("radio").last();
    await picked.focus();
    await page.keyboard.press("Space");
    await expect(picked).toBeChecked();
    await fillDetails(page, "e2e.booker@example.com");
    await page.getByRole("checkbox", { name: /Text me about my appointments/ }).check();
    await page.getByRole("button", { name: "Book My Visit" }).click();

    await expect(page.getByRole("heading", { name: "You're booked, Ana!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add to my calendar" })).toBeVisible();
    await axeAtBothSizes(page);
    await page.setViewportSize(PHONE);

    const invite = await page
      .getByRole("link", { name: "Add to my calendar" })
      .getAttribute("href");
    const ics = await page.request.get(invite ?? "");
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    expect(await ics.text()).toContain("METHOD:REQUEST");

    await page.getByRole("link", { name: "Move or cancel" }).click();
    await expect(page.getByRole("heading", { name: "Your measurement visit" })).toBeVisible();
    await axeAtBothSizes(page);
    await page.setViewportSize(PHONE);
    const before = await page.locator("p.text-lg").first().textContent();
    // The list's last window: an early one can be within 24 hours, and then can't be cancelled.
    await page.getByRole("group", { name: "New arrival window" }).getByRole("radio").last().check();
    await page.getByRole("button", { name: "Move My Visit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Moved to" })).toBeVisible();
    // The page's data is revalidated after the move: wait for the new window, don't read once.
    await expect(page.locator("p.text-lg").first()).not.toHaveText(before ?? "");

    // Confirm before undoing: without the box ticked nothing is cancelled.
    await page.getByRole("checkbox", { name: /Yes, cancel my visit/ }).check();
    await page.getByRole("button", { name: "Cancel My Visit" }).click();
    const cancelled = page.getByRole("status").filter({ hasText: "cancelled" });
    await expect(cancelled).toBeVisible();
    await expect(cancelled).toBeFocused();
    await expect(page.getByRole("link", { name: "Book another visit" })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("books a visit with plain form posts", async ({ page }) => {
      await page.goto("/book?zipCode=33904");
      const windows = page.getByRole("group", { name: /Arrival windows, week 1/ });
      await windows.getByRole("radio").last().check();
      await fillDetails(page, "e2e.nojs@example.com");
      await page.getByRole("button", { name: "Book My Visit" }).click();
      await expect(page.getByRole("heading", { name: "You're booked, Ana!" })).toBeVisible();
    });
  });

  test("is linked from the header and the product pages", async ({ page }) => {
    await page.goto("/product/vinyl");
    await expect(
      page.getByRole("link", { name: "Pick a time for a free measurement visit" }),
    ).toHaveAttribute("href", "/book");
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Book a Visit" }),
    ).toHaveAttribute("href", "/book");
  });

  test("the office books an estimate request's visit and starts the quote", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const sent = await request.post("/api/estimates", {
      data: {
        firstName: "Eva",
        lastName: `Estimate${Date.now()}`,
        email: "eva.estimate@example.com",
        phone: "(239) 555-0166",
        address: "40 Heron Way",
        city: "Fort Myers",
        zipCode: "33901",
        windowCount: 6,
      },
      headers: { "x-forwarded-for": "198.51.100.61" },
    });
    expect(sent.status()).toBe(201);
    const { reference } = (await sent.json()) as { reference: string };

    await page.setViewportSize(PHONE);
    await page.goto("/admin");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
    await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await page.goto("/admin/estimates");
    await page
      .getByRole("link", { name: new RegExp(reference) })
      .first()
      .click();
    await expect(
      page.getByRole("heading", { level: 1, name: new RegExp(reference) }),
    ).toBeVisible();
    await expect(page.getByText("Not booked yet.")).toBeVisible();
    await axeAtBothSizes(page);
    await shoot(page, "estimate-booking");
    await page.setViewportSize(PHONE);

    const window = page.getByLabel("Arrival window");
    const chosen = await window.locator("option").first().textContent();
    await window.selectOption({ index: 0 });
    await page.getByRole("button", { name: "Book the measurement visit" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Measurement visit booked" }),
    ).toContainText("calendar invite");
    const when = (chosen ?? "").replace(/\s*\(.*$/, "");
    await expect(
      page.getByRole("region", { name: "Measurement visit" }).getByText(`Booked: ${when}`),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Book the measurement visit" })).toHaveCount(0);
    await axeAtBothSizes(page);
    await shoot(page, "estimate-booked");
    await page.setViewportSize(PHONE);

    // From there the quote, prefilled with the request's customer.
    await page.getByRole("link", { name: "Start a quote" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New quote" })).toBeVisible();
    await expect(page.getByLabel("Street address", { exact: true })).toHaveValue("40 Heron Way");
  });
  test("a visit booked online is on the schedule's grid, in My visits and has a job card", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const shopper = { "x-forwarded-for": "198.51.100.71" };
    const offered = await page.request.get("/api/booking/windows?zipCode=33904", {
      headers: shopper,
    });
    const { windows } = (await offered.json()) as {
      windows: { date: string; start: string }[];
    };
    const window = windows.at(-1);
    if (!window) throw new Error("no window offered");
    const booked = await page.request.post("/api/booking", {
      headers: shopper,
      data: {
        ...window,
        zipCode: "33904",
        firstName: "Gina",
        lastName: `Grid${Date.now()}`,
        email: "gina.grid@example.com",
        phone: "(239) 555-0181",
        address: "7 Egret Ln",
        city: "Cape Coral",
        note: "Blue door",
      },
    });
    expect(booked.status()).toBe(201);
    const { reference } = (await booked.json()) as { reference: string };

    await page.setViewportSize(PHONE);
    await page.goto("/admin");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
    await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    await page.goto(`/admin/schedule?week=${window.date}`);
    const grid = page.getByRole("table", { name: "Visits per staff member and day" });
    await expect(grid.getByRole("link", { name: /Measure \(online\)/ }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Measurement visits booked" })).toHaveCount(0);
    await expect(page.getByText("Note: Blue door")).toBeVisible();
    await axeAtBothSizes(page);
    await shoot(page, "schedule-week-online");
    await page.setViewportSize(PHONE);

    await page.goto(`/admin/visits?date=${window.date}`);
    const item = page.getByRole("link", { name: /Booked online · Gina Grid/ });
    await expect(item).toBeVisible();
    await axeAtBothSizes(page);
    await shoot(page, "my-visits-online");
    await page.setViewportSize(PHONE);

    await item.click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Measurement visit · Booked online" }),
    ).toBeVisible();
    await expect(page.getByText(`booking ${reference}`)).toBeVisible();
    await expect(page.getByRole("link", { name: /Start the quote/ })).toBeVisible();
    await axeAtBothSizes(page);
    await shoot(page, "job-card-online");
  });
});
