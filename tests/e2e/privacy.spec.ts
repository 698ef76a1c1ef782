/**
 * Privacy: after the whole e2e run (this project depends on all the others), the server's log
 * holds none of the customers' emails, phone numbers or street addresses: neither those of the
 * other specs (read from their source) nor those this spec submits itself through every form
 * endpoint that takes personal data.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { SAMPLE_ITEM } from "../support/sample-items";

const logFile = process.env.E2E_LOG_FILE ?? "";
const E2E_DIR = path.dirname(new URL(import.meta.url).pathname);

const me = {
  firstName: "Privacy",
  lastName: "Probe",
  email: "privacy.probe.7731@example.net",
  phone: "(239) 555-7731",
  address: "7731 Mangrove Bay Road",
  city: "Cape Coral",
  state: "FL",
  zipCode: "33904",
  specialInstructions: "Gate code 7731",
};

/** Emails, phone numbers and street addresses written in the other specs. */
function personalDataInSpecs(): string[] {
  const found = new Set<string>();
  for (const file of fs.readdirSync(E2E_DIR)) {
    if (!file.endsWith(".ts") || file === "privacy.spec.ts") continue;
    const source = fs.readFileSync(path.join(E2E_DIR, file), "utf8");
    for (const m of source.matchAll(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g)) found.add(m[0]);
    for (const m of source.matchAll(/\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b/g)) found.add(m[0]);
    for (const m of source.matchAll(/address:\s*["'`]([^"'`]{6,})["'`]/g)) found.add(m[1] ?? "");
  }
  found.delete("");
  return [...found];
}

/** A phone number also counts when its digits appear in another format. */
function variants(value: string): string[] {
  const digits = value.replace(/\D/g, "");
  return /^\d{10}$/.test(digits) ? [value, digits] : [value];
}

test("the server log holds no customer's email, phone or address", async ({ request }) => {
  expect(logFile, "playwright.config.ts sets E2E_LOG_FILE").not.toBe("");

  // Submit personal data through every endpoint that takes it, each from its own address (the
  // e2e server trusts one proxy), so the other specs' submissions cannot use up this spec's
  // rate limits; and each must go through, or the log below proves nothing.
  const from = { "x-forwarded-for": "192.0.2.77" };
  const cart = await request.post("/api/cart", { headers: from, data: SAMPLE_ITEM });
  expect(cart.status(), await cart.text()).toBe(201);
  const { sessionId, items, totals } = (await cart.json()) as {
    sessionId: string;
    items: unknown[];
    totals: Record<string, number>;
  };
  const placed = await request.post("/api/orders", {
    headers: { ...from, "x-session-id": sessionId },
    data: {
      items,
      customerInfo: me,
      totals: {
        subtotal: totals.subtotal,
        multipleBlindDiscount: totals.multipleBlindDiscount,
        shipping: totals.shipping,
        tax: totals.tax,
        total: totals.total,
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { reference: string };
  expect(order.reference).toMatch(/\S{6,}/);

  const contact = await request.post("/api/contact", {
    headers: from,
    data: {
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      phone: me.phone,
      subject: "Privacy probe",
      message: `Please call me about ${me.address}.`,
      preferredContactMethod: "phone",
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  expect(await contact.json()).toMatchObject({ status: "received" });

  const review = await request.post("/api/reviews", {
    headers: from,
    data: {
      customerName: `${me.firstName} ${me.lastName}`,
      customerEmail: me.email,
      customerLocation: me.city,
      productType: "vinyl",
      rating: 5,
      reviewText: `Installed at ${me.address}; call ${me.phone}.`,
    },
  });
  expect(review.status(), await review.text()).toBe(201);
  expect(await review.json()).toMatchObject({ status: "pending" });

  // Both login paths log: neither the wrong nor the right password may be written.
  const refused = await request.post("/api/admin/login", {
    headers: from,
    data: { email: E2E_ADMIN_EMAIL, password: "privacy-probe-password-7731" },
  });
  expect(refused.status(), await refused.text()).toBe(401);
  const login = await request.post("/api/admin/login", {
    headers: from,
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  expect(await login.json()).toEqual({ authenticated: true });

  // Give the server's email dispatcher (which logs) a moment to pick up the queued messages.
  await expect
    .poll(() => fs.existsSync(logFile) && fs.readFileSync(logFile, "utf8").includes('"request"'))
    .toBe(true);
  const log = fs.readFileSync(logFile, "utf8");
  expect(log.split("\n").length, "the log records requests").toBeGreaterThan(5);

  const secrets = [
    ...personalDataInSpecs(),
    me.email,
    me.phone,
    me.address,
    "Mangrove Bay",
    me.specialInstructions,
    "privacy-probe-password-7731",
    E2E_ADMIN_PASSWORD,
  ].flatMap(variants);
  const leaked = secrets.filter((s) => log.toLowerCase().includes(s.toLowerCase()));
  expect(leaked, `found in ${logFile}`).toEqual([]);
});
