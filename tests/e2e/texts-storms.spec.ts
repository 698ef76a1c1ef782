/**
 * Decisions 551–553 in the browser: a customer who booked with texts texts the store (signed as
 * Twilio signs, with the twilio package's own helper); the text shows at once in the sidebar's
 * count and at /admin/texts, and the office replies. The owner closes that visit's day at
 * /admin/storm-days, sees the proposed window, and moves all. Axe at 375 and 1280 px on each
 * page; screenshots at both widths into SHOTS_DIR (default /tmp/texts-storms-shots).
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import twilio from "twilio";
import { addDays, storeToday } from "../../domain/scheduling/visit-time";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { axeAtBothSizes, DESKTOP, PHONE, waitForHydration } from "./fixtures";
import { E2E_TEXT_PHOTO_URL, E2E_TWILIO } from "./twilio-settings";

const SHOTS_DIR = process.env.SHOTS_DIR || "/tmp/texts-storms-shots";
const WEEKDAY = [{ start: "08:00", end: "16:00" }];
const PHONE_NUMBER = "(239) 555-0186";

async function shoot(page: Page, name: string) {
  for (const [size, label] of [
    [PHONE, "375"],
    [DESKTOP, "1280"],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${label}.png`, fullPage: true });
  }
}

/** An installer with weekday hours and a visit booked online with texts, 3+ days ahead. */
async function bookedVisitWithTexts(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/admin/login", {
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const added = await request.post("/api/admin/staff", {
    data: {
      name: "Storm Installer",
      email: `storm.${Date.now()}@example.com`,
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
  const windows = (await (await request.get("/api/booking/windows?zipCode=33904")).json()) as {
    windows: { date: string; start: string }[];
  };
  const window = windows.windows.find((w) => w.date > addDays(storeToday(), 3));
  if (!window) throw new Error("no window 3 days ahead");
  const booked = await request.post("/api/booking", {
    headers: { "x-forwarded-for": "198.51.100.86" },
    data: {
      date: window.date,
      start: window.start,
      zipCode: "33904",
      firstName: "Stormy",
      lastName: "Gale",
      email: "stormy.gale@example.com",
      phone: PHONE_NUMBER,
      address: "86 Gulf Dr",
      city: "Fort Myers",
      textReminders: true,
    },
  });
  expect(booked.status()).toBe(201);
  return window.date;
}

let textSerial = 0;

async function sendSignedText(
  request: APIRequestContext,
  baseURL: string,
  body: string,
  photoUrl?: string,
) {
  const params: Record<string, string> = {
    From: "+12395550186",
    To: E2E_TWILIO.from,
    Body: body,
    MessageSid: `SM${Date.now().toString(16).padStart(24, "0")}${(++textSerial).toString(16).padStart(8, "0")}`,
    NumMedia: photoUrl ? "1" : "0",
    ...(photoUrl ? { MediaUrl0: photoUrl, MediaContentType0: "image/jpeg" } : {}),
  };
  const url = `${baseURL}/api/texts/inbound`;
  const res = await request.post("/api/texts/inbound", {
    form: params,
    headers: {
      "x-twilio-signature": twilio.getExpectedTwilioSignature(E2E_TWILIO.authToken, url, params),
    },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/xml");
}

async function logIn(page: Page) {
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

test("a text reaches the inbox at once, the office replies; a storm day's visit is moved", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const api = await playwright.request.newContext({ baseURL });
  const day = await bookedVisitWithTexts(api);
  await logIn(page);

  await sendSignedText(api, baseURL ?? "", "Can you come after 3pm instead?");
  // Then a photo of the window, texted (MMS): fetched from Twilio's stand-in and kept.
  await sendSignedText(api, baseURL ?? "", "This is the window", E2E_TEXT_PHOTO_URL);
  await page.reload();
  const textsLink = page.getByRole("navigation").getByRole("link", { name: "Texts" }).first();
  await expect(textsLink).toHaveAccessibleDescription(/1 waiting/);
  await expect(page.getByText("Unread texts")).toBeVisible();

  await textsLink.click();
  await expect(page.getByRole("heading", { level: 1, name: "Texts" })).toBeVisible();
  await expect(page.getByText("2 unread")).toBeVisible();
  await waitForHydration(page);
  await axeAtBothSizes(page);
  await shoot(page, "texts");

  await page.getByRole("link", { name: "Stormy Gale" }).click();
  await expect(page.getByText("Can you come after 3pm instead?")).toBeVisible();
  const photo = page.getByRole("img", { name: /^Sent by the customer/ });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(640);
  await expect(page.getByRole("link", { name: /Mon|Tue|Wed|Thu|Fri/ }).first()).toBeVisible();
  await page.setViewportSize(PHONE);
  await page.getByLabel("Reply by text").fill("Yes, 3pm works. See you then!");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply queued" })).toBeVisible();
  await expect(page.getByText("Yes, 3pm works. See you then!")).toBeVisible();
  await axeAtBothSizes(page);
  await shoot(page, "text-thread");

  // The storm: the owner closes the visit's day, sees the proposal, moves all.
  await page.goto("/admin/storm-days");
  await waitForHydration(page);
  await page.getByLabel("From").fill(day);
  await page.getByLabel("To (included)").fill(day);
  await page.getByLabel("Reason").fill("Hurricane warning");
  await page.getByRole("button", { name: "Close these days" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "nothing has been sent yet" }),
  ).toBeVisible();
  const closure = page.getByRole("list", { name: "Closed days" }).getByRole("listitem").first();
  await expect(closure.getByText("Stormy Gale")).toBeVisible();
  await expect(closure.getByText(/Proposed:/).first()).toBeVisible();
  await axeAtBothSizes(page);
  await shoot(page, "storm-days");

  await closure.getByRole("button", { name: "Move all" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /moved; each customer has been told/ }),
  ).toBeVisible();
  await expect(page.getByText("No visit left on these days.")).toBeVisible();
  await axeAtBothSizes(page);
  await shoot(page, "storm-days-moved");

  await page.getByRole("button", { name: "Reopen" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Reopened" })).toBeVisible();
  await api.dispose();
});
