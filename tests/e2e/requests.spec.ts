/**
 * Free samples and a free in-home estimate with two photos, as a shopper on a phone and on a
 * desktop sends them, through to the admin's lists with the handled mark.
 */
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { DESKTOP, expectNoAxeViolations, PHONE, waitForHydration } from "./fixtures";

async function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .withExif({ IFD0: { Make: "PhoneCam" }, IFD3: { GPSLatitudeRef: "N" } })
    .jpeg()
    .toBuffer();
}

async function adminLogin(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: /log in/i }).click();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`/samples and /estimate at ${viewport.width}px: one h1, no axe violations, errors at the field`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/samples");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free Samples");
    await expectNoAxeViolations(page);
    // Sent empty: the samples group and the fields are marked, the summary takes focus.
    await page.getByRole("button", { name: "Send My Free Samples" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Your request was not sent" }),
    ).toBeFocused();
    await expect(page.getByLabel("Email *")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    await page.goto("/estimate");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free In-Home Estimate");
    await expectNoAxeViolations(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
  });
}

test("a shopper asks for three samples from a product page, and the admin marks them handled", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/product/vinyl");
  await page.getByRole("link", { name: "Order up to 5 free samples" }).click();
  await expect(page).toHaveURL(/\/samples$/);
  await waitForHydration(page);
  const vinyl = page.getByRole("group", { name: "Vinyl Vertical Blinds" });
  await vinyl.getByRole("checkbox", { name: "White", exact: true }).check();
  await vinyl.getByRole("checkbox", { name: "Ivory", exact: true }).check();
  await page
    .getByRole("group", { name: "Zebra Shades" })
    .getByRole("checkbox", { name: "Tropic · Palm" })
    .check();
  await expect(page.getByText("3 of 5 chosen")).toBeVisible();
  await page.getByLabel("Name *").fill("Robin Samples");
  await page.getByLabel("Email *").fill("robin.samples@example.org");
  await page.getByLabel("Street address *").fill("4 Gulf Way");
  await page.getByLabel("City *").fill("Estero");
  await page.getByLabel("ZIP code *").fill("10001");
  await page.getByRole("button", { name: "Send My Free Samples" }).click();
  // Outside the area: said at the ZIP field, with the phone number.
  const zip = page.getByLabel("ZIP code *");
  await expect(zip).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/outside our service area.*\(239\) 555-0142/).first()).toBeVisible();
  await zip.fill("33928");
  await page.getByRole("button", { name: "Send My Free Samples" }).click();
  const done = page.getByRole("heading", { name: /Your 3 samples are on the way/ });
  await expect(done).toBeFocused();
  const reference = await page.getByText(/^S-[0-9A-Z]{8}$/).textContent();

  await page.setViewportSize(DESKTOP);
  await adminLogin(page);
  await page.getByRole("link", { name: "Samples" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sample requests");
  const card = page.getByRole("listitem").filter({ hasText: reference ?? "none" });
  await expect(card.getByText("Zebra Shades: Tropic · Palm")).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole("button", { name: `Mark ${reference} handled` }).click();
  await expect(page.getByRole("status").filter({ hasText: "marked handled" })).toBeVisible();
  await page.getByRole("link", { name: "Handled" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: reference ?? "none" })).toContainText(
    "Handled",
  );
});

test("a shopper books an estimate with two photos; only the admin sees them, without GPS", async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await page.goto("/estimate");
  await waitForHydration(page);
  await page.getByLabel("First name *").fill("Robin");
  await page.getByLabel("Last name *").fill("Estimate");
  await page.getByLabel("Email *").fill("robin.estimate@example.org");
  await page.getByLabel("Phone *").fill("(239) 555-0177");
  await page.getByLabel("Street address *").fill("9 Sanibel Rd");
  await page.getByLabel("City *").fill("Sanibel");
  await page.getByLabel("ZIP code *").fill("33957");
  await page.getByLabel("Number of windows *").fill("4");
  await page.getByRole("checkbox", { name: "Standard Plantation Shutters" }).check();
  await page.getByLabel("Preferred visit time").selectOption({ label: "Saturday" });
  await page.getByLabel("Photos of your windows (optional)").setInputFiles([
    { name: "living-room.jpg", mimeType: "image/jpeg", buffer: await photo("#88aacc") },
    { name: "bedroom.jpg", mimeType: "image/jpeg", buffer: await photo("#ccaa88") },
  ]);
  await page.getByRole("button", { name: "Request My Free Estimate" }).click();
  await expect(page.getByRole("heading", { name: /Thank you, Robin/ })).toBeFocused();
  await expect(page.getByText(/with 2 photos/)).toBeVisible();

  await page.setViewportSize(DESKTOP);
  await adminLogin(page);
  await page.getByRole("link", { name: "Estimates" }).click();
  await page.getByRole("link", { name: /Robin Estimate, Sanibel/ }).click();
  await expect(page.getByRole("heading", { name: "Photos (2)" })).toBeVisible();
  const images = page.getByRole("img", { name: /Window \d of 2, sent by/ });
  await expect(images).toHaveCount(2);
  await expect
    .poll(() => images.first().evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(320);
  await expectNoAxeViolations(page);
  const src = (await images.first().getAttribute("src")) ?? "";
  // Without the admin's session the photo is refused.
  expect((await request.get(src, { headers: { cookie: "" } })).status()).toBe(401);
  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked as handled." })).toBeVisible();
});
