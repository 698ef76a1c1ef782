/**
 * Home reviews, contact and information pages: journeys, findability and accessibility at
 * phone and desktop widths.
 */
import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, expectNoAxeViolations, PHONE, waitForHydration } from "./fixtures";

const PAGES: { path: string; h1: string }[] = [
  { path: "/", h1: "Custom Blinds & Shutters, Made to Measure and Installed in Lee County" },
  { path: "/contact", h1: "Contact Us" },
  { path: "/faq", h1: "Frequently Asked Questions" },
  { path: "/maintenance-tips", h1: "Maintenance Tips" },
  { path: "/returns", h1: "Returns & Refunds" },
  { path: "/warranty", h1: "Warranty" },
  { path: "/no-such-page", h1: "Page Not Found" },
];

async function expectNoHorizontalScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, "page wider than the viewport").toBeLessThanOrEqual(width);
}

for (const viewport of [PHONE, DESKTOP]) {
  for (const { path, h1 } of PAGES) {
    test(`${path} at ${viewport.width}px: one h1, meta, no axe violations, no sideways scroll`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      if (path === "/") {
        // Reviews have loaded (or the empty state shows) before axe looks.
        await expect(page.locator("#testimonials [aria-busy='false']")).toBeVisible();
      }
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page, viewport.width);
    });
  }
}

test("every public page has its own title, description, canonical URL and Open Graph tags", async ({
  page,
}) => {
  const titles = new Set<string>();
  for (const { path } of PAGES.filter((p) => p.path !== "/no-such-page")) {
    await page.goto(path);
    const title = await page.title();
    expect(title.length).toBeGreaterThan(10);
    titles.add(title);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(50);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+${path === "/" ? "/$" : `${path}$`}`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical!);
  }
  expect(titles.size).toBe(PAGES.length - 1);
});

test("home describes the business as JSON-LD; /faq as an FAQPage", async ({ page }) => {
  await page.goto("/");
  const home = await page.locator('script[type="application/ld+json"]').allTextContents();
  const business = home
    .map((t) => JSON.parse(t))
    .find((d) => d["@type"] === "HomeAndConstructionBusiness");
  expect(business.address.addressRegion).toBe("FL");
  expect(business.telephone).toBeTruthy();
  expect(business.areaServed.length).toBeGreaterThan(5);
  expect(business.openingHoursSpecification.length).toBeGreaterThan(0);

  await page.goto("/faq");
  const faq = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((t) => JSON.parse(t))
    .find((d) => d["@type"] === "FAQPage");
  expect(faq.mainEntity.length).toBeGreaterThanOrEqual(15);
  const first = faq.mainEntity[0];
  await expect(page.getByRole("heading", { name: first.name })).toBeVisible();
});

test.describe("reviews", () => {
  test("shows three skeletons while loading, then the empty state", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/reviews", async (route) => {
      await held;
      await route.fulfill({ json: [] });
    });
    await page.goto("/");
    const section = page.locator("#testimonials");
    await expect(section.getByTestId("review-skeleton")).toHaveCount(3);
    release();
    await expect(section.getByText("No reviews published yet.")).toBeVisible();
    await expect(section.getByTestId("review-skeleton")).toHaveCount(0);
  });

  test("renders approved reviews as cards, with review text as text (never HTML)", async ({
    page,
  }) => {
    await page.route("**/api/reviews", (route) =>
      route.fulfill({
        json: [
          {
            id: 1,
            rating: 4,
            reviewText: '<script>window.__xss = 1</script><img src=x onerror="window.__xss=2">',
            customerName: "Dana Reyes",
            customerLocation: "Estero",
            productType: "vinyl",
          },
        ],
      }),
    );
    await page.goto("/");
    await waitForHydration(page);
    const card = page.getByRole("article", { name: "Review by Dana Reyes" });
    await expect(card).toContainText(
      '<script>window.__xss = 1</script><img src=x onerror="window.__xss=2">',
    );
    await expect(card.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    await expect(card).toContainText("Estero");
    await expect(card).toContainText("Vinyl Vertical Blinds");
    await expect(card).toContainText("DR");
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator("#testimonials img[src='x']")).toHaveCount(0);
  });

  test("a written review is pending: not in GET /api/reviews nor on the home page", async ({
    page,
    request,
  }) => {
    const text = `Pending review ${Date.now()}: quick measuring, perfect fit.`;
    await page.goto("/#testimonials");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Write a Review" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const form = page.getByRole("region", { name: "Share Your Experience" });
    await expect(form.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await form.getByLabel("Your Name *").fill("Pat Example");
    await form.getByLabel("Email *").fill("pat@example.com");
    await form.getByLabel("Location").fill("Fort Myers");
    await form.getByLabel("Product Purchased").selectOption("standard-shutters");
    // The star rating is a radio group: arrow keys move the choice.
    await form.getByRole("radio", { name: "5 stars" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await form.getByLabel("Your Review *").fill(text);
    await form.getByRole("button", { name: "Submit Review" }).click();

    await expect(page.getByRole("status").getByText("Review Submitted")).toBeVisible();
    await expect(
      page.getByText(
        "Thank you! Your review has been submitted and will be published after verification.",
      ),
    ).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(toggle).toBeFocused();

    const reviews = (await (await request.get("/api/reviews")).json()) as { reviewText: string }[];
    expect(reviews.some((r) => r.reviewText === text)).toBe(false);
    await page.reload();
    await expect(page.locator("#testimonials [aria-busy='false']")).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);
  });

  test("the form can be cancelled and a failure shows 'Submission Failed'", async ({ page }) => {
    await page.route("**/api/reviews", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "x" } } })
        : route.fulfill({ json: [] }),
    );
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Write a Review" }).click();
    const form = page.getByRole("region", { name: "Share Your Experience" });
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(form).toHaveCount(0);
    await page.getByRole("button", { name: "Write a Review" }).click();
    await form.getByLabel("Your Name *").fill("Pat Example");
    await form.getByLabel("Email *").fill("pat@example.com");
    await form.getByLabel("Your Review *").fill("This will fail on purpose.");
    await form.getByRole("button", { name: "Submit Review" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Submission Failed" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Please try again or contact us at ");
    await expect(form.getByLabel("Your Name *")).toHaveValue("Pat Example");
  });
});

test.describe("contact", () => {
  test("a message round trip: sent, confirmed, no longer a form", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByLabel("First Name *").fill("Dana");
    await page.getByLabel("Last Name *").fill("Reyes");
    await page.getByLabel("Email *").fill("dana@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("(239) 555-0100");
    await page.getByLabel("Subject *").fill("Shutters for a lanai door");
    await page.getByLabel("Message *").fill("Could someone measure a 10 ft slider next week?");
    await page.getByRole("radio", { name: "Text message" }).check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByRole("heading", { name: "Message sent. Thank you, Dana!" }),
    ).toBeFocused();
    await expect(page.getByRole("status").getByText("Message Sent", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Message" })).toHaveCount(0);
  });

  test("without JavaScript, a refused message keeps what was typed and says why", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("First Name *").fill("Dana");
    await page.getByLabel("Last Name *").fill("Reyes");
    await page.getByLabel("Email *").fill("dana@example.com");
    await page.getByLabel("Subject *").fill("Call me back");
    await page.getByLabel("Message *").fill("Please call about three bedroom windows.");
    await page.getByRole("radio", { name: "Phone call" }).check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "not sent" })).toContainText(
      "Phone is required when you would like a phone call",
    );
    await expect(page.getByLabel("First Name *")).toHaveValue("Dana");
    await expect(page.getByLabel("Message *")).toHaveValue(
      "Please call about three bedroom windows.",
    );
    await expect(page.getByRole("radio", { name: "Phone call" })).toBeChecked();
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    await page.getByRole("textbox", { name: "Phone" }).fill("(239) 555-0100");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByRole("heading", { name: "Message sent. Thank you, Dana!" }),
    ).toBeVisible();
    await context.close();
  });

  test("shows the business facts and the consultation and warranty buttons", async ({
    page,
    request,
  }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute(
      "href",
      /^tel:\+1\d{10}$/,
    );
    await expect(main.getByRole("heading", { name: "Business Hours" })).toBeVisible();
    await expect(main.getByText("Cape Coral")).toBeVisible();
    await main.getByRole("link", { name: "Request a Consultation" }).click();
    await expect(page.getByLabel("Subject *")).toHaveValue("Consultation request");
    await expect(main.getByRole("link", { name: "Warranty Information" })).toHaveAttribute(
      "href",
      "/warranty",
    );
    // The API shares the page's schema.
    const bad = await request.post("/api/contact", { data: { firstName: "Dana" } });
    expect(bad.status()).toBe(400);
  });
});

test.describe("information pages", () => {
  test("FAQ: five categories and the sections the footer links to", async ({ page }) => {
    await page.goto("/faq");
    for (const name of [
      "Ordering & Pricing",
      "Measuring & Installation",
      "Products & Care",
      "Shipping & Delivery",
      "Warranty & Returns",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    const footer = page.getByRole("contentinfo");
    for (const [link, id, heading] of [
      ["Measurement Guide", "measurement-guide", "Measurement Guide"],
      ["Shipping Info", "shipping", "Shipping Information"],
      ["Privacy Policy", "privacy", "Privacy Policy"],
    ] as const) {
      await footer.getByRole("link", { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`/faq#${id}$`));
      await expect(
        page.locator(`#${id}`).getByRole("heading", { level: 2, name: heading }),
      ).toBeInViewport();
    }
    const privacy = page.locator("#privacy");
    await expect(privacy).toContainText("How long");
    await expect(privacy).toContainText("Contact messages");
    await expect(privacy.getByRole("link", { name: /@/ })).toBeVisible();
  });

  test("maintenance tips: weekly, monthly, quarterly, annual, and common issues", async ({
    page,
  }) => {
    await page.goto("/maintenance-tips");
    for (const name of [/^Weekly/, /^Monthly/, /^Quarterly/, /^Annual/, /Common issues/]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Steps", exact: true })).toHaveCount(4);
    await expect(page.getByRole("heading", { name: "Tips", exact: true })).toHaveCount(4);
  });

  test("returns: 4 steps, both lists, the reason table and questions", async ({ page }) => {
    await page.goto("/returns");
    await expect(page.locator("#process ol > li")).toHaveCount(4);
    await expect(page.getByRole("heading", { name: "Returnable", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Not returnable" })).toBeVisible();
    await expect(page.getByRole("table")).toContainText("Damaged in delivery");
    await expect(page.getByRole("main")).toContainText("30 days");
    await expect(page.getByRole("main")).toContainText("5–7 business days");
    await expect(page.getByRole("heading", { name: "Returns questions" })).toBeVisible();
  });

  test("warranty: coverage with the business terms, exclusions, 4-step claim", async ({ page }) => {
    await page.goto("/warranty");
    const coverage = page.locator("#coverage");
    for (const term of ["2 years", "5-year limited", "25-year limited"]) {
      await expect(coverage).toContainText(term);
    }
    await expect(page.getByRole("heading", { name: "What is not covered" })).toBeVisible();
    await expect(page.locator("#claim ol > li")).toHaveCount(4);
  });
});

test("sitemap.xml lists public pages and products with absolute URLs; robots.txt guards private pages", async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const path of [
    "/",
    "/contact",
    "/faq",
    "/maintenance-tips",
    "/returns",
    "/warranty",
    "/product/vinyl",
    "/product/standard-shutters",
    "/product/bypass-shutters",
    "/product/fabric",
    "/product/aluminum",
    "/zebra-shades",
    "/track-replacement",
  ]) {
    expect(locs).toContain(`${baseURL}${path}`);
  }
  expect(locs.some((l) => /admin|cart|checkout|orders/.test(l))).toBe(false);

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const txt = await robots.text();
  for (const path of ["/admin", "/cart", "/checkout", "/orders"]) {
    expect(txt).toContain(`Disallow: ${path}\n`);
  }
  expect(txt).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
