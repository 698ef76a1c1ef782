/**
 * Two-factor sign-in in the browser: a staff member sets it up from the QR
 * page (the key read from the page, codes computed here with otpauth as an app would), logs
 * out, logs in with a code, then with a recovery code, which works once; the owner's security
 * page lists them and resets it. axe at 375 and 1280 px on every state of both pages.
 */
import { type APIRequestContext, expect, type Page, request, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { totpCodeAt } from "../../server/services/people/two-factor-codes";
import { axeAtBothSizes, waitForHydration } from "./fixtures";

const NAME = `Tess Factor ${Date.now().toString(36)}`;
const EMAIL = `tess.${Date.now().toString(36)}@example.com`;
const PASSWORD = "e2e two-factor password";

/** Fills the login form; returns once the form was sent. */
async function submitLogin(page: Page, email: string, password: string) {
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
}

test.describe
  .serial("two-factor sign-in", () => {
    let api: APIRequestContext;
    let recoveryCodes: string[] = [];

    test.beforeAll(async ({ baseURL }) => {
      // The person is added by the owner through the API, as /admin/staff would, and chooses
      // their own password (the temporary one allows nothing else).
      api = await request.newContext({ baseURL });
      const owner = await api.post("/api/admin/login", {
        data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
      });
      expect(owner.status()).toBe(200);
      const temporary = "temporary password 1";
      const added = await api.post("/api/admin/staff", {
        data: { name: NAME, email: EMAIL, role: "office", password: temporary },
      });
      expect(added.status()).toBe(201);
      const person = await request.newContext({ baseURL });
      expect(
        (
          await person.post("/api/admin/login", { data: { email: EMAIL, password: temporary } })
        ).status(),
      ).toBe(200);
      const changed = await person.post("/api/admin/password", {
        data: { currentPassword: temporary, newPassword: PASSWORD },
      });
      expect(changed.status()).toBe(200);
      await person.dispose();
    });

    test.afterAll(async () => {
      await api?.dispose();
    });

    test("sets up two-factor from the QR page, then logs in with a code and a recovery code", async ({
      page,
    }) => {
      await page.goto("/admin/two-factor");
      await submitLogin(page, EMAIL, PASSWORD);
      await expect(
        page.getByRole("heading", { level: 1, name: "Two-factor sign-in" }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "Two-factor is off" })).toBeVisible();
      await axeAtBothSizes(page);

      await page.getByRole("button", { name: "Set up two-factor" }).click();
      const qr = page.getByRole("img", { name: "QR code for your authenticator app" });
      await expect(qr).toBeVisible();
      expect(await qr.locator("svg").count()).toBe(1);
      const grouped = (await page.getByTestId("totp-secret").textContent()) ?? "";
      expect(grouped).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      const secret = grouped.replace(/\s+/g, "");
      await axeAtBothSizes(page);

      // A wrong code first: refused beside the field, nothing turned on.
      await page.getByLabel("Code from the app").fill("000000");
      await page.getByRole("button", { name: "Turn on two-factor" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "not right" })).toBeVisible();

      await page.getByLabel("Code from the app").fill(totpCodeAt(secret, Date.now()));
      await page.getByRole("button", { name: "Turn on two-factor" }).click();
      await expect(page.getByRole("heading", { name: "Two-factor is on" })).toBeVisible();
      const list = page.getByRole("list", { name: "Recovery codes" });
      await expect(list.getByRole("listitem")).toHaveCount(10);
      recoveryCodes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
      for (const code of recoveryCodes)
        expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      await expect(page.getByText("They are shown only now")).toBeVisible();
      await axeAtBothSizes(page);
      // Shown once: a reload shows the count, not the codes.
      await page.reload();
      await expect(page.getByText("10 recovery codes left.")).toBeVisible();
      await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);

      // Log in with a code. A code of the next step: inside the ±1 window and never the same step
      // as the one that confirmed the setup.
      await logOut(page);
      await submitLogin(page, EMAIL, PASSWORD);
      const code = page.getByLabel("Two-factor code");
      await expect(code).toBeVisible();
      await expect(page.getByText("or one of your recovery codes")).toBeVisible();
      await code.fill(totpCodeAt(secret, Date.now() + 30_000));
      await page.getByRole("button", { name: "Log In" }).click();
      await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();

      // A recovery code works once.
      const recovery = recoveryCodes[0] ?? "";
      for (const attempt of ["accepted", "refused"] as const) {
        await logOut(page);
        await submitLogin(page, EMAIL, PASSWORD);
        await page.getByLabel("Two-factor code").fill(recovery.toLowerCase());
        await page.getByRole("button", { name: "Log In" }).click();
        if (attempt === "accepted") {
          await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
        } else {
          await expect(
            page.getByRole("alert").filter({ hasText: "it was used already" }),
          ).toBeVisible();
          await expect(page.getByRole("button", { name: "Log Out" })).toHaveCount(0);
        }
      }
    });

    test("the owner's security page lists staff two-factor and resets it", async ({
      page,
      baseURL,
    }) => {
      await page.goto("/admin/security");
      await submitLogin(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Security", exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Two-factor", exact: true })).toBeVisible();
      const card = page.getByRole("listitem").filter({ hasText: NAME });
      await expect(card.getByText("Two-factor: On · 9 recovery codes left")).toBeVisible();
      await axeAtBothSizes(page);

      // Requiring it for everyone needs the owner's own two-factor first.
      await page.getByLabel("Require two-factor for everyone").check();
      await page.getByRole("button", { name: "Save" }).click();
      await expect(
        page.getByRole("alert").filter({ hasText: "Set up your own two-factor first" }),
      ).toBeVisible();
      await expect(page.getByLabel("Require two-factor for everyone")).not.toBeChecked();

      await card.getByRole("button", { name: `Reset two-factor for ${NAME}` }).click();
      await expect(
        page.getByRole("status").filter({ hasText: `Two-factor reset for ${NAME}` }),
      ).toBeVisible();
      await expect(card.getByText("Two-factor: Off")).toBeVisible();
      await axeAtBothSizes(page);
      // The person logs in with the password alone again.
      const person = await request.newContext({ baseURL });
      const login = await person.post("/api/admin/login", {
        data: { email: EMAIL, password: PASSWORD },
      });
      expect(login.status()).toBe(200);
      await person.dispose();
    });
  });
