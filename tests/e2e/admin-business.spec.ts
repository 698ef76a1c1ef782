/**
 * As the owner does it in the browser: an order placed on the store is
 * confirmed, its measurement visit booked with an installer, re-measured and adjusted, taken
 * back one step and forward again, moved to production, refused 'Installation Scheduled' until
 * its installation visit is booked, shown on the customer's status page, paid partly by check
 * and partly by card, and completed, every step in the history; axe at 375 and 1280 px on the
 * dashboard, schedule, order, receipt, installation sheet and status page.
 */
import { expect, type Page, test } from "@playwright/test";
import {
  addDays,
  formatVisitWindow,
  startOfWeek,
  storeToday,
} from "../../domain/scheduling/visit-time";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { axeAtBothSizes, DESKTOP, placeOrderThroughApi, waitForHydration } from "./fixtures";

// This spec's own client address (TRUST_PROXY is on for e2e): a fast run places more than
// ten orders in ten minutes across the specs, and each address may place ten (rate-limits.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.3" } });

async function updateStatus(page: Page, value: string, note?: string) {
  await page.getByLabel("New status").selectOption(value);
  if (note) await page.getByLabel(/^Note for the history/).fill(note);
  await page.getByRole("button", { name: "Update status" }).click();
}

test("the owner runs an order from confirmation to completion", async ({ page, request }) => {
  // One long journey through eight pages, axe at two sizes on each.
  test.setTimeout(240_000);
  const lastName = `Owner${Date.now()}`;
  const installer = `Luis ${lastName}`;
  const reference = await placeOrderThroughApi(request, {
    lastName,
    email: "e2e.owner@example.com",
    phone: "(239) 555-0124",
    address: "200 Visit Lane",
    roomLabel: "Kitchen left",
  });

  // The admin's own layout: no store header, cart or footer.
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: /cart/i })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("img", { name: /Orders placed per week/ })).toBeVisible();
  await axeAtBothSizes(page);

  // An installer to assign visits to (the owner adds people at /admin/staff).
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Staff" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  const add = page.getByRole("region", { name: "Add a person" });
  await add.getByLabel("Name").fill(installer);
  await add.getByLabel("Email").fill(`${lastName.toLowerCase()}@example.com`);
  await add.getByLabel("Role").selectOption("installer");
  await add.getByLabel("Temporary password").fill("temporary-pass-1");
  await add.getByRole("button", { name: "Add person" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${installer} added.` })).toBeVisible();

  // Find the order and confirm it.
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Orders", exact: true })
    .click();
  await page.getByRole("searchbox", { name: "Search" }).fill(lastName);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("1 order", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(`^Order #\\d+ · ${reference}$`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(reference) })).toBeVisible();
  await waitForHydration(page);
  await updateStatus(page, "confirmed");
  await expect(
    page.getByRole("status").filter({ hasText: "Status changed to Confirmed." }),
  ).toBeVisible();

  // Book the measurement visit next week with the installer; the customer gets an invite.
  const week = addDays(startOfWeek(storeToday()), 7);
  const measureDay = addDays(week, 1);
  const installDay = addDays(week, 10);
  const visits = page.getByRole("form", { name: "Book a visit" });
  await visits.getByLabel("Kind of visit").selectOption("measure");
  await visits.getByLabel("Date", { exact: true }).fill(measureDay);
  await visits.getByLabel("From", { exact: true }).fill("09:00");
  await visits.getByLabel("To", { exact: true }).fill("11:00");
  await visits.getByLabel("Staff member").selectOption({ label: `${installer} (Installer)` });
  const measureWords = formatVisitWindow({ date: measureDay, start: "09:00", end: "11:00" });
  await visits.getByRole("button", { name: "Book the visit" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Measurement visit booked: ${measureWords}.` }),
  ).toBeVisible();
  await axeAtBothSizes(page);

  // Measured: the visit is done, one window was wider than ordered.
  const measureVisit = page
    .getByRole("region", { name: "Visits" })
    .getByRole("listitem")
    .filter({ hasText: `Measurement visit: ${measureWords}` });
  await measureVisit.getByText("Change this visit").click();
  await measureVisit.getByLabel("Visit status").selectOption("done");
  await measureVisit.getByLabel("Email the customer a calendar invite").uncheck();
  await measureVisit.getByRole("button", { name: "Save the visit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "(Done)" })).toBeVisible();
  const adjust = page.getByRole("region", { name: "Adjust after measuring" });
  // A size that is no eighth is refused at the width field (errors by field, decision 185) …
  const width = adjust.getByRole("textbox", { name: "Width (in)" });
  await width.fill("40.3");
  await adjust.getByRole("button", { name: "Preview the new price" }).click();
  await expect(width).toHaveAttribute("aria-invalid", "true");
  await expect(width).toBeFocused();
  const widthError = adjust.locator("#adjust-width-error");
  await expect(widthError).toContainText("1/8");
  // … a storefront-style size is previewed before saving: the new price and the total.
  await width.fill("40 1/2");
  await expect(adjust.getByTestId("adjust-preview-total")).toBeVisible();
  await expect(width).not.toHaveAttribute("aria-invalid", "true");
  await width.fill("40.5");
  await adjust.getByLabel("Reason (goes into the history)").fill("Re-measured: 40 1/2 wide");
  await adjust.getByLabel("Email the customer the new total").check();
  await adjust.getByRole("button", { name: "Adjust the item" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /^Adjusted: Vinyl Vertical Blinds/ }),
  ).toBeVisible();
  await expect(page.getByText('40 1/2" W × 48" H').first()).toBeVisible();

  // The visit marked done moved the order to Measured by itself; then back one
  // step with a reason, and forward again.
  await expect(
    page
      .getByRole("region", { name: "Status history" })
      .getByText("Automatic: measurement visit marked done"),
  ).toBeVisible();
  await updateStatus(page, "confirmed");
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toContainText("Say why");
  await updateStatus(page, "confirmed", "The customer asked to measure the bay window too");
  await expect(
    page.getByRole("status").filter({ hasText: "Status changed to Confirmed." }),
  ).toBeVisible();
  await updateStatus(page, "measured");
  await updateStatus(page, "in_production");
  await expect(
    page.getByRole("status").filter({ hasText: "Status changed to In Production." }),
  ).toBeVisible();

  // No installation visit yet: 'Installation Scheduled' is refused, saying why.
  await updateStatus(page, "scheduled");
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toContainText(
    "Book the installation visit",
  );
  await visits.getByLabel("Kind of visit").selectOption("install");
  await visits.getByLabel("Date", { exact: true }).fill(installDay);
  // An end before the start is refused at the "To" field.
  await visits.getByLabel("From", { exact: true }).fill("13:00");
  await visits.getByLabel("To", { exact: true }).fill("12:00");
  await visits.getByRole("button", { name: "Book the visit" }).click();
  await expect(visits.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(visits.locator("#new-visit-end-error")).toBeVisible();
  await visits.getByLabel("To", { exact: true }).fill("16:00");
  await visits.getByLabel("Staff member").selectOption({ label: `${installer} (Installer)` });
  await visits.getByRole("button", { name: "Book the visit" }).click();
  const installWords = formatVisitWindow({ date: installDay, start: "13:00", end: "16:00" });
  await expect(
    page.getByRole("status").filter({ hasText: `Installation visit booked: ${installWords}.` }),
  ).toBeVisible();
  await updateStatus(page, "scheduled");
  await expect(
    page.getByRole("status").filter({ hasText: "Status changed to Installation Scheduled." }),
  ).toBeVisible();

  // The customer's status page shows the next visit in words.
  const customer = await page.context().newPage();
  await customer.goto(`/orders/${reference}`);
  await expect(customer.getByTestId("next-visit")).toHaveText(installWords);
  await axeAtBothSizes(customer);
  await customer.close();

  // Paid partly by check at the visit …
  const payments = page.getByRole("region", { name: "Payments" });
  const paymentForm = payments.getByRole("form", { name: "Record a payment or refund" });
  // A zero amount is refused at the Amount field, before anything is sent.
  const amount = paymentForm.getByLabel(/^Amount/);
  await amount.fill("0");
  await paymentForm.getByRole("button", { name: "Record payment" }).click();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toBeFocused();
  await expect(paymentForm.locator("#payment-amount-error")).toBeVisible();
  await paymentForm.getByLabel(/^Amount/).fill("50");
  await paymentForm.getByLabel("Method").selectOption("check");
  await paymentForm.getByLabel(/^Reference/).fill("1042");
  await paymentForm.getByRole("button", { name: "Record payment" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Payment of $50.00 recorded." }),
  ).toBeVisible();
  // … completing with a balance is refused …
  await updateStatus(page, "completed");
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toContainText("due");
  // … and the rest by card (the form offers the balance due).
  await paymentForm.getByLabel("Method").selectOption("card");
  await paymentForm.getByLabel("Email the customer a receipt").check();
  await paymentForm.getByRole("button", { name: "Record payment" }).click();
  await expect(payments.getByText("Paid in full")).toBeVisible();
  // … refused while the installation visit is still scheduled …
  await updateStatus(page, "completed");
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toContainText(
    "installation visit scheduled",
  );
  const installVisit = page
    .getByRole("region", { name: "Visits" })
    .getByRole("listitem")
    .filter({ hasText: `Installation visit: ${installWords}` });
  await installVisit.getByText("Change this visit").click();
  await installVisit.getByLabel("Visit status").selectOption("done");
  await installVisit.getByLabel("Email the customer a calendar invite").uncheck();
  await installVisit.getByRole("button", { name: "Save the visit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "(Done)" })).toBeVisible();
  await updateStatus(page, "completed");
  await expect(
    page.getByRole("status").filter({ hasText: "Status changed to Completed." }),
  ).toBeVisible();

  const history = page.getByRole("region", { name: "Status history" });
  for (const text of [
    `Measurement visit booked: ${measureWords}`,
    "Adjusted after measuring",
    "Back to Confirmed",
    "The customer asked to measure the bay window too",
    `Installation visit booked: ${installWords}`,
    "Payment of $50.00 (Check 1042)",
    "Completed",
  ]) {
    await expect(history.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await axeAtBothSizes(page);

  // The printable receipt and the installation sheet.
  await payments.getByRole("link", { name: "Receipt" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: /^Receipt · Order #\d+$/ }),
  ).toBeVisible();
  await expect(page.getByText("Paid in full")).toBeVisible();
  await axeAtBothSizes(page);
  await page.goBack();
  await page.getByRole("link", { name: "Installation sheet" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Installation sheet/ })).toBeVisible();
  // The sheet lists the visits still to make: the installation was marked done above.
  await expect(page.getByText(`Installation visit: ${installWords}`)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "To collect: nothing" })).toBeVisible();
  await expect(page.getByText("Selected color")).toHaveCount(0);
  await axeAtBothSizes(page);

  // The schedule shows the visits in their week, linked to the order.
  await page.goto(`/admin/schedule?week=${week}`);
  await expect(page.getByRole("link", { name: `Order ${reference}` }).first()).toBeVisible();
  await page.getByRole("link", { name: "Next week" }).click();
  await expect(page.getByRole("link", { name: `Order ${reference}` }).first()).toBeVisible();
  await axeAtBothSizes(page);
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
});
