/**
 * The back office in the browser: login refusal and login (with and without JavaScript),
 * moderation, the order workflow to completed, logout, axe on every admin page.
 * Orders and reviews are made through the store's own API (POST /api/cart + /api/orders,
 * POST /api/reviews), as a shopper would.
 */
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { VINYL_INSTALLED } from "../support/sample-items";
import { DESKTOP, expectNoAxeViolations, PHONE, waitForHydration } from "./fixtures";

// This spec's own client address (TRUST_PROXY is on for e2e): a fast run places more than
// ten orders in ten minutes across the specs, and each address may place ten (rate-limits.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.4" } });

async function logIn(page: Page, path = "/admin") {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
}

/** Collects the page's CSP violation reports (e.g. zod's `new Function` probe). */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}

function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe("admin", () => {
  test("refuses a wrong password, logs in, logs out and is refused afterwards", async ({
    page,
  }) => {
    await recordCspViolations(page);
    const res = await page.goto("/admin");
    // The login form is the page: 200, never cached.
    expect(res?.status()).toBe(200);
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    await waitForHydration(page);
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password");
    const submit = page.getByRole("button", { name: "Log In" });
    await expect(submit).toBeDisabled();
    await email.fill(E2E_ADMIN_EMAIL);
    await password.fill("   ");
    await expect(submit).toBeDisabled();
    await password.fill("not-the-password");
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Incorrect email or password" }),
    ).toBeVisible();
    await expect(password).toHaveValue("");
    await expect(email).toHaveValue(E2E_ADMIN_EMAIL);
    await expect(submit).toBeDisabled();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page);
    }

    await password.fill(E2E_ADMIN_PASSWORD);
    await submit.click();
    // /admin is the dashboard, with the spec's orders list under it.
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: "Orders", exact: true }),
    ).toBeVisible();
    const api = await page.request.get("/api/admin/orders");
    expect(api.status()).toBe(200);
    if (api.headers()["x-total-count"] === "0") {
      await expect(page.getByRole("heading", { name: "No Orders Yet" })).toBeVisible();
    }
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page);
    }

    await page.getByRole("link", { name: "Messages", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expectNoAxeViolations(page);
    // zod runs jitless in the browser: building the admin schemas reports no CSP 'eval' probe.
    expect(await cspViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByLabel("Password")).toBeVisible();
    expect((await page.request.get("/api/admin/orders")).status()).toBe(401);
    await page.goto("/admin/reviews");
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toHaveCount(0);
  });

  test("logs in without JavaScript through the page action", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/admin/messages");
    await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Incorrect email or password")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue(E2E_ADMIN_EMAIL);
    await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "admin_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict" });
    await context.close();
  });

  test("approves a review and sees it on the home page", async ({ page, request }) => {
    const name = `Reviewer ${Date.now()}`;
    const text = `Measured carefully and installed in two hours (${Date.now()}).`;
    const submitted = await request.post("/api/reviews", {
      data: {
        customerName: name,
        customerEmail: "reviewer@example.com",
        customerLocation: "Estero",
        productType: "vinyl",
        rating: 5,
        reviewText: text,
      },
    });
    expect(submitted.ok()).toBe(true);

    await page.goto("/");
    await expect(page.getByText(text)).toHaveCount(0);

    await logIn(page, "/admin/reviews");
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: `Approve review by ${name}` }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Review by ${name} approved` }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: `Approve review by ${name}` })).toHaveCount(0);

    await page.goto("/");
    await expect(page.locator("#testimonials").getByText(text)).toBeVisible();
  });

  test("finds the order placed in the same test and moves it through every status", async ({
    page,
    request,
  }) => {
    const lastName = `Buyer${Date.now()}`;
    const added = await request.post("/api/cart", {
      data: { ...VINYL_INSTALLED, calculatedPrice: "0.00" },
    });
    expect(added.ok()).toBe(true);
    const cart = (await added.json()) as { sessionId: string; items: unknown[] };
    const headers = { "x-session-id": cart.sessionId };
    const order = {
      items: cart.items,
      customerInfo: {
        firstName: "E2E",
        lastName,
        email: "e2e.buyer@example.com",
        phone: "(239) 555-0123",
        address: "100 Test Lane",
        city: "Fort Myers",
        state: "FL",
        zipCode: "33901",
        specialInstructions: "Side gate",
      },
      totals: { subtotal: 0, multipleBlindDiscount: 0, shipping: 0, tax: 0, total: 0 },
    };
    let placed = await request.post("/api/orders", { headers, data: order });
    if (placed.status() === 409) {
      // The server is the authority on totals: resend with the totals it answered.
      const body = (await placed.json()) as { error: { totals?: typeof order.totals } };
      placed = await request.post("/api/orders", {
        headers,
        data: { ...order, totals: body.error.totals ?? order.totals },
      });
    }
    expect(placed.ok()).toBe(true);

    await logIn(page);
    await page.getByRole("searchbox", { name: "Search" }).fill(lastName);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("1 order", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: /^Order / }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Order / })).toBeVisible();
    await expect(page.getByText("Kitchen left").first()).toBeVisible();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page);
    }

    const steps = ["Confirmed", "Measured", "In Production", "Installation Scheduled", "Completed"];
    for (const [index, label] of steps.entries()) {
      await expect(page.getByLabel("New status")).toHaveValue(
        ["confirmed", "measured", "in_production", "scheduled", "completed"][index]!,
      );
      if (index === 0) await page.getByLabel("Email the customer about this change").check();
      if (label === "Installation Scheduled") {
        // Scheduling needs an installation visit …
        const visits = page.getByRole("form", { name: "Book a visit" });
        await visits.getByLabel("Kind of visit").selectOption("install");
        await visits.getByLabel("Date", { exact: true }).fill("2030-12-10");
        await visits.getByRole("button", { name: "Book the visit" }).click();
        await expect(page.getByRole("status").filter({ hasText: "booked" })).toBeVisible();
      }
      if (label === "Completed") {
        // … and completing a zero balance (the form offers the balance due).
        const payments = page.getByRole("region", { name: "Payments" });
        await payments.getByRole("button", { name: "Record payment" }).click();
        await expect(payments.getByText("Paid in full")).toBeVisible();
        // … and the installation visit done first.
        const installVisit = page
          .getByRole("region", { name: "Visits" })
          .getByRole("listitem")
          .filter({ hasText: "Installation visit" });
        await installVisit.getByText("Change this visit").click();
        await installVisit.getByLabel("Visit status").selectOption("done");
        await installVisit.getByLabel("Email the customer a calendar invite").uncheck();
        await installVisit.getByRole("button", { name: "Save the visit" }).click();
        await expect(page.getByRole("status").filter({ hasText: "(Done)" })).toBeVisible();
      }
      await page.getByRole("button", { name: "Update status" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: `Status changed to ${label}.` }),
      ).toBeVisible();
    }
    // Completed: only the step back (with a reason) is left.
    await expect(page.getByLabel("New status").getByRole("option")).toHaveText([
      "Back to Installation Scheduled (say why below)",
    ]);
    const history = page.getByRole("region", { name: "Status history" });
    // Six statuses, the visit booked, the payment and the visit done.
    await expect(history.getByRole("listitem")).toHaveCount(9);

    await page.getByLabel("New note (only the store sees it)").fill("Customer happy, paid on site");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Customer happy, paid on site")).toBeVisible();

    await page.getByRole("link", { name: "Installation sheet" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: /^Installation sheet/ }),
    ).toBeVisible();
    await expect(page.getByText("100 Test Lane")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/admin?status=completed&q=${lastName}`);
    // The orders are a table: the order's row carries its status chip.
    const row = page
      .getByRole("row")
      .filter({ hasText: `E2E ${lastName}` })
      .first();
    await expect(row.getByText("Completed", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByLabel("Password")).toBeVisible();
    expect((await page.request.get("/api/admin/orders.csv")).status()).toBe(401);
  });
});
