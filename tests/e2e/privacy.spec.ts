/**
 * Privacy: after the whole e2e run (this project depends on all the others), the server's log
 * holds none of the customers' emails, phone numbers or street addresses: neither those of the
 * other specs (read from their source) nor those this spec submits itself through every form
 * endpoint that takes personal data.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

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

  // Submit personal data through every endpoint that takes it (those that exist).
  const cart = await request.post("/api/cart", {
    data: {
      productId: 1,
      productName: "Vinyl Vertical Blinds",
      width: 36,
      height: 48,
      selectedColor: "white",
      includeInstallation: false,
      quantity: 1,
      calculatedPrice: "54.00",
    },
  });
  if (cart.ok()) {
    const { sessionId, items } = (await cart.json()) as { sessionId: string; items: unknown[] };
    const headers = { "x-session-id": sessionId, "x-forwarded-for": "192.0.2.77" };
    let totals: Record<string, number> = {
      subtotal: 54,
      multipleBlindDiscount: 0,
      shipping: 25,
      tax: 4.05,
      total: 83.05,
    };
    let placed = await request.post("/api/orders", {
      headers,
      data: { items, customerInfo: me, totals },
    });
    if (placed.status() === 409) {
      const body = (await placed.json()) as { error: { totals?: Record<string, number> } };
      totals = body.error.totals ?? totals;
      placed = await request.post("/api/orders", {
        headers,
        data: { items, customerInfo: me, totals },
      });
    }
    // 429: other specs used up the per-address order limit; the data never got in.
    expect([200, 201, 429], await placed.text()).toContain(placed.status());
  }
  await request.post("/api/contact", {
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
  await request.post("/api/reviews", {
    data: {
      customerName: `${me.firstName} ${me.lastName}`,
      customerEmail: me.email,
      customerLocation: me.city,
      productType: "vinyl",
      rating: 5,
      reviewText: `Installed at ${me.address}; call ${me.phone}.`,
    },
  });
  // The failed-login path logs too: a password must not be logged either.
  await request.post("/api/admin/login", { data: { password: "privacy-probe-password-7731" } });

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
  ].flatMap(variants);
  const leaked = secrets.filter((s) => log.toLowerCase().includes(s.toLowerCase()));
  expect(leaked, `found in ${logFile}`).toEqual([]);
});
