/** Shared e2e helpers: axe with WCAG 2.2 AA tags, and the phone viewport. */
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { storeToday } from "../../domain/scheduling/visit-time";

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Resolves once the page has stopped scrolling (the same scroll position on 5 frames in a row).
 * The store scrolls smoothly: moving focus (an error summary, a field) starts a scroll that axe
 * would otherwise measure half-way, with targets passing under the sticky header.
 */
async function scrollSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1;
        let same = 0;
        const tick = () => {
          const y = window.scrollY;
          same = y === last ? same + 1 : 0;
          last = y;
          if (same >= 5) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** Axe's WCAG 2.2 AA violations on the page as it stands, one line each (rule, help, where). */
export async function axeViolations(page: Page): Promise<string[]> {
  await scrollSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} → ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), "axe violations").toEqual([]);
}

/** zod's own code: the chunk with its classes names them ("ZodObject"); no other chunk does. */
export const isZod = (body: string) => body.includes("ZodObject");

/**
 * From now on, the page's scripts (whether each is zod's) and the URLs of its POSTs: for the
 * forms whose browser check is loaded on first use.
 */
function watchScriptsAndPosts(page: Page) {
  const scripts: Promise<{ url: string; zod: boolean }>[] = [];
  const posts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(response.text().then((body) => ({ url: response.url(), zod: isZod(body) })));
  });
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return {
    posts,
    /** How many scripts have answered so far. */
    scriptCount: () => scripts.length,
    /** The URLs of the scripts so far that are zod's. */
    zodScripts: async () => (await Promise.all(scripts)).filter((s) => s.zod).map((s) => s.url),
  };
}

/** The message the field's aria-describedby names (the field is marked invalid first). */
export async function expectFieldMessage(page: Page, field: Locator, text: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  expect(ids.length).toBeGreaterThan(0);
  await expect(page.locator(ids.map((id) => `[id="${id}"]`).join(","))).toContainText(text);
}

/**
 * A form whose browser check is loaded on first use: `path` loads and
 * hydrates with no zod among its scripts; a focus on the field brings it; the bad value typed
 * and left is then refused in the browser with `message`, and nothing is posted.
 */
export async function expectCheckLoadedOnFirstUse(
  page: Page,
  path: string,
  field: { label: string; badValue: string; message: string },
) {
  const watch = watchScriptsAndPosts(page);
  await page.goto(path, { waitUntil: "load" });
  await waitForHydration(page);
  expect(watch.scriptCount()).toBeGreaterThan(0);
  expect(await watch.zodScripts()).toEqual([]);

  const input = page.getByLabel(field.label);
  await input.focus();
  await expect.poll(async () => (await watch.zodScripts()).length).toBeGreaterThan(0);
  await input.fill(field.badValue);
  await input.blur();
  await expectFieldMessage(page, input, field.message);
  expect(watch.posts).toEqual([]);
}

/** Wait until React has hydrated the page (buttons respond to clicks). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Axe at the phone and the desktop width; leaves the page at the desktop width. */
export async function axeAtBothSizes(page: Page): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
}

/**
 * An order placed through the store's own API, as a shopper would: one installed vinyl blind
 * (36 3/8 × 48 in) delivered to a Fort Myers address; the totals are the server's (a first
 * attempt with zeros gets them back in its 409). Answers the order's reference.
 */
export async function placeOrderThroughApi(
  request: APIRequestContext,
  customer: { lastName: string; email: string; phone: string; address: string; roomLabel?: string },
): Promise<string> {
  const added = await request.post("/api/cart", {
    data: {
      productId: 1,
      productName: "Vinyl Vertical Blinds",
      width: 36.375,
      height: 48,
      selectedColor: "white",
      includeInstallation: true,
      quantity: 1,
      calculatedPrice: "0.00",
      ...(customer.roomLabel ? { roomLabel: customer.roomLabel } : {}),
    },
  });
  expect(added.ok()).toBe(true);
  const cart = (await added.json()) as { sessionId: string; items: unknown[] };
  const order = {
    items: cart.items,
    customerInfo: {
      firstName: "E2E",
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      address: customer.address,
      city: "Fort Myers",
      state: "FL",
      zipCode: "33901",
    },
    totals: { subtotal: 0, multipleBlindDiscount: 0, shipping: 0, tax: 0, total: 0 },
  };
  const headers = { "x-session-id": cart.sessionId };
  let placed = await request.post("/api/orders", { headers, data: order });
  if (placed.status() === 409) {
    const body = (await placed.json()) as { error: { totals?: typeof order.totals } };
    placed = await request.post("/api/orders", {
      headers,
      data: { ...order, totals: body.error.totals ?? order.totals },
    });
  }
  expect(placed.ok()).toBe(true);
  return ((await placed.json()) as { reference: string }).reference;
}

/** A JSON answer that must be 2xx: its body, or the test fails with the body in the message. */
export async function okJson<T>(
  answer: Promise<{ ok(): boolean; text(): Promise<string> }>,
): Promise<T> {
  const res = await answer;
  const body = await res.text();
  expect(res.ok(), body).toBe(true);
  return JSON.parse(body) as T;
}

/**
 * Today's measurement visit (18:00–20:00) on a new order placed through the store's API, for a
 * new installer (Olga, password "temporary-42x"); `admin` is signed in as the owner.
 * `prefix` names the customer ("Offline" → Offline<stamp>, offline.<stamp>@example.com).
 */
export async function seedMeasurementVisit(
  admin: APIRequestContext,
  request: APIRequestContext,
  stamp: number,
  prefix: string,
): Promise<{ orderId: number; visitId: number; email: string }> {
  const lastName = `${prefix}${stamp}`;
  const email = `${prefix.toLowerCase()}.${stamp}@example.com`;
  await placeOrderThroughApi(request, {
    lastName,
    email,
    phone: "(239) 555-0181",
    address: "8 Manatee Ct",
  });
  const [order] = await okJson<{ id: number }[]>(admin.get(`/api/admin/orders?q=${lastName}`));
  expect(order, `the order of ${lastName}`).toBeDefined();
  const installer = await okJson<{ id: number }>(
    admin.post("/api/admin/staff", {
      data: {
        name: `Olga ${stamp}`,
        email: `olga.${stamp}@example.com`,
        role: "installer",
        password: "temporary-42x",
      },
    }),
  );
  const visit = await okJson<{ id: number }>(
    admin.post(`/api/admin/orders/${order?.id}/visits`, {
      data: {
        kind: "measure",
        date: storeToday(),
        start: "18:00",
        end: "20:00",
        staffId: installer.id,
      },
    }),
  );
  return { orderId: order?.id ?? 0, visitId: visit.id, email };
}
