/**
 * As the owner and an installer do it in the browser: an order of two
 * products from two suppliers gets two purchase orders and goes into production by itself; one
 * purchase order is late and shows overdue first; one item is remade after a mis-measure;
 * everything is received and booking the installation schedules the order. On a phone the
 * installer opens his job card, taps "On my way", collects the balance, closes out with a photo
 * and the customer's signature, and the order completes; the customer's review from the
 * completion email's link is a verified purchase. Axe at 375 and 1280 px; the job card by thumb
 * (every target at least 44 px high).
 */
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { addDays, storeToday } from "../../domain/scheduling/visit-time";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { axeAtBothSizes, PHONE, waitForHydration } from "./fixtures";

// This spec's own client address (TRUST_PROXY is on for e2e): a fast run places more than
// ten orders in ten minutes across the specs, and each address may place ten (rate-limits.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.18.0.10" } });

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
}

/** An installed vinyl blind and a pair of shutters, placed through the store's own API. */
async function placeTwoProductOrder(request: APIRequestContext, lastName: string) {
  let session = "";
  for (const item of [
    { productId: 1, productName: "Vinyl Vertical Blinds", selectedColor: "white", room: "Kitchen" },
    {
      productId: 2,
      productName: "Standard Plantation Shutters",
      selectedColor: "cream",
      room: "Master bedroom",
    },
  ]) {
    const added = await request.post("/api/cart", {
      headers: session ? { "x-session-id": session } : {},
      data: {
        productId: item.productId,
        productName: item.productName,
        width: 36.375,
        height: 48,
        selectedColor: item.selectedColor,
        includeInstallation: true,
        quantity: 1,
        calculatedPrice: "0.00",
        roomLabel: item.room,
      },
    });
    expect(added.ok()).toBe(true);
    session = ((await added.json()) as { sessionId: string }).sessionId;
  }
  const cart = (await (
    await request.get("/api/cart", { headers: { "x-session-id": session } })
  ).json()) as { items: unknown[] };
  const order = {
    items: cart.items,
    customerInfo: {
      firstName: "Dana",
      lastName,
      email: `dana.${lastName.toLowerCase()}@example.com`,
      phone: "(239) 555-0161",
      address: "41 Mangrove Bay",
      city: "Fort Myers",
      state: "FL",
      zipCode: "33901",
    },
    totals: { subtotal: 0, multipleBlindDiscount: 0, shipping: 0, tax: 0, total: 0 },
  };
  const headers = { "x-session-id": session };
  let placed = await request.post("/api/orders", { headers, data: order });
  if (placed.status() === 409) {
    const body = (await placed.json()) as { error: { totals?: typeof order.totals } };
    placed = await request.post("/api/orders", {
      headers,
      data: { ...order, totals: body.error.totals ?? order.totals },
    });
  }
  expect(placed.ok()).toBe(true);
  return (await placed.json()) as { reference: string; orderNumber: number };
}

/** Every visible control and link of the job card is at least 44 px high (a thumb's target). */
async function expectThumbTargets(page: Page) {
  const small = await page.getByTestId("job-card").evaluate((main) =>
    [...main.querySelectorAll("a, button, input, select, textarea, summary, label:has(input)")]
      .filter((el) => {
        const input = el as HTMLInputElement;
        if (input.type === "hidden" || input.type === "radio") return false;
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.height < 44;
      })
      .map((el) => `${el.tagName} ${(el.textContent ?? "").trim().slice(0, 40)}`),
  );
  expect(small, "targets under 44 px").toEqual([]);
}

/**
 * The customer signs with a finger: touch events through the DevTools protocol (Playwright's
 * touchscreen only taps), which the phone turns into the pointer events signature_pad reads.
 * The pad is scrolled into view first, as a thumb would: a touch outside the screen reaches
 * nothing.
 */
async function signWithFinger(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("no signature pad");
  const cdp = await page.context().newCDPSession(page);
  const at = (dx: number, dy: number) => [{ x: box.x + dx, y: box.y + dy, id: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(20, 60) });
  for (const [dx, dy] of [
    [40, 45],
    [60, 30],
    [85, 55],
    [110, 80],
    [140, 60],
    [170, 40],
    [200, 65],
    [230, 90],
  ] as const) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(dx, dy) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** The completion email's review link, read from the store's .eml outbox. */
function reviewTokenFromOutbox(orderNumber: number): string {
  const outbox = path.join(path.dirname(process.env.E2E_LOG_FILE ?? ""), "outbox");
  for (const file of fs.readdirSync(outbox)) {
    // Quoted-printable: soft line breaks and "=3D" are undone before reading the link.
    const raw = fs
      .readFileSync(path.join(outbox, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (!raw.includes(`Order #${orderNumber} is installed`)) continue;
    const match = /\?review=([A-Za-z0-9_-]+)#testimonials/.exec(raw);
    if (match?.[1]) return match[1];
  }
  throw new Error("no completion email in the outbox");
}

test("from yes to installed: supplier orders, receiving, a remake and the installer's phone", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(900_000);
  const stamp = Date.now();
  const lastName = `Prod${stamp}`;
  const placed = await placeTwoProductOrder(request, lastName);

  // The owner adds two suppliers and names each product's supplier in the catalog.
  await logIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await page.goto("/admin/catalog?show=suppliers");
  await waitForHydration(page);
  const suppliers = page.getByRole("region", { name: "Suppliers" });
  // A broken email is refused at its field, before anything is sent.
  const addSupplier = suppliers.getByRole("form", { name: "Add a supplier" });
  await addSupplier.getByLabel("Name").fill(`Sunshine Vinyl ${stamp}`);
  await addSupplier.getByLabel("Order email").fill("orders@");
  await addSupplier.getByRole("button", { name: "Add the supplier" }).click();
  await expect(addSupplier.getByLabel("Order email")).toHaveAttribute("aria-invalid", "true");
  await expect(addSupplier.getByLabel("Order email")).toBeFocused();
  await expect(addSupplier.locator("#supplier-email-error")).toBeVisible();
  for (const [name, email] of [
    [`Sunshine Vinyl ${stamp}`, `vinyl.${stamp}@example.com`],
    [`Gulf Shutters ${stamp}`, `shutters.${stamp}@example.com`],
  ] as const) {
    const add = suppliers.getByRole("form", { name: "Add a supplier" });
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Order email").fill(email);
    await add.getByLabel("Lead time (days)").fill("10");
    await add.getByRole("button", { name: "Add the supplier" }).click();
    await expect(add.getByRole("status")).toHaveText(`${name} added.`);
  }
  for (const [product, supplier] of [
    ["Vinyl Vertical Blinds", `Sunshine Vinyl ${stamp}`],
    ["Standard Plantation Shutters", `Gulf Shutters ${stamp}`],
  ] as const) {
    const form = suppliers.getByRole("form", { name: `Supplier of ${product}` });
    await form.getByLabel(`${product}: made by`).selectOption({ label: supplier });
    await form.getByRole("button", { name: "Save supplier" }).click();
    await expect(form.getByRole("status")).toHaveText("Supplier saved.");
  }

  // The order, confirmed: two purchase orders, and the order is in production by itself.
  const orders = (await (await page.request.get(`/api/admin/orders?q=${lastName}`)).json()) as {
    id: number;
  }[];
  const orderId = orders[0]?.id as number;
  await page.request.post(`/api/admin/orders/${orderId}/status`, {
    data: { status: "confirmed" },
  });
  // Measured: the shutters' panels and hinge are settled on the item, so no open choice goes to
  // the supplier.
  const measured = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as {
    items: { id: number; configuration?: Record<string, unknown> | null }[];
  };
  for (const item of measured.items) {
    if (item.configuration?.panels !== "auto" && item.configuration?.hinge !== "auto") continue;
    const settled = await page.request.patch(`/api/admin/orders/${orderId}/items/${item.id}`, {
      data: { configuration: { panels: "2", hinge: "left" }, reason: "Counted at measuring" },
    });
    expect(settled.status()).toBe(200);
  }
  await page.goto(`/admin/orders/${orderId}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    `Order #${placed.orderNumber}`,
  );
  const supply = page.getByRole("region", { name: "Supplier orders" });
  await supply.getByRole("button", { name: /^Order from suppliers/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Purchase orders created" }),
  ).toBeVisible();
  await expect(supply.getByRole("link", { name: /^PO-\d+ · / })).toHaveCount(2);
  await expect(
    page
      .getByRole("region", { name: "Status history" })
      .getByText(/Automatic: purchase order PO-\d+ created/),
  ).toBeVisible();
  await axeAtBothSizes(page);

  // The shutters' supplier is late: its ship date passed, and it shows overdue, first.
  await supply.getByRole("link", { name: new RegExp(`Gulf Shutters ${stamp}`) }).click();
  await waitForHydration(page);
  const answer = page.getByRole("region", { name: "The supplier's answer" });
  await answer.getByLabel("Supplier's reference").fill("GS-881");
  await answer.getByLabel("Ship date").fill(addDays(storeToday(), -2));
  await answer.getByRole("button", { name: "Save the supplier's answer" }).click();
  await expect(page.getByRole("status").filter({ hasText: /confirmed/ })).toBeVisible();
  await expect(page.getByText("Overdue", { exact: true })).toBeVisible();
  await axeAtBothSizes(page);
  await page.goto("/admin/purchase-orders");
  const first = page.getByRole("list", { name: "Purchase orders" }).getByRole("listitem").first();
  await expect(first).toContainText(`Gulf Shutters ${stamp}`);
  await expect(first).toContainText("Overdue");
  await axeAtBothSizes(page);

  // Both arrive; receiving is line by line on each purchase order's page.
  const pos = (await (
    await page.request.get(`/api/admin/purchase-orders?orderId=${orderId}`)
  ).json()) as { id: number }[];
  for (const [index, po] of pos.entries()) {
    await page.goto(`/admin/purchase-orders/${po.id}`);
    await waitForHydration(page);
    if (index === 0) {
      // A negative quantity is refused at its line; then the whole quantity due arrives.
      const receive = page.getByRole("region", { name: "Receive" });
      const quantity = receive.getByRole("spinbutton").first();
      const due = (await quantity.getAttribute("max")) ?? "1";
      await quantity.fill("-1");
      await receive.getByRole("button", { name: "Record what arrived" }).click();
      await expect(quantity).toHaveAttribute("aria-invalid", "true");
      await expect(quantity).toBeFocused();
      await quantity.fill(due);
      await expect(quantity).not.toHaveAttribute("aria-invalid", "true");
    }
    await page.getByRole("button", { name: "Record what arrived" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Received" })).toBeVisible();
  }

  // The shutters were mis-measured: remade on a new purchase order line, paid by the store.
  await page.goto(`/admin/orders/${orderId}`);
  await waitForHydration(page);
  await expect(supply.getByText("Ready to install")).toBeVisible();
  await supply.getByText("Remake an item").click();
  const remake = supply.getByRole("form", { name: "Remake an item" });
  await remake
    .getByLabel("Item")
    .selectOption({ label: "Master bedroom: Standard Plantation Shutters" });
  await remake.getByLabel("Reason").selectOption("mis-measure");
  await remake.getByLabel("Who pays").selectOption("store");
  // Without saying what happened, the remake is refused at that field.
  await remake.getByRole("button", { name: "Order the remake" }).click();
  await expect(remake.getByLabel("What happened")).toHaveAttribute("aria-invalid", "true");
  await expect(remake.locator("#remake-note-error")).toBeVisible();
  await remake.getByLabel("What happened").fill("The frame is 1/4 inch narrower at the top");
  await remake.getByRole("button", { name: "Order the remake" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /Remake ordered on PO-\d+/ }),
  ).toBeVisible();
  await expect(supply.getByText("Ready to install")).toHaveCount(0);
  await page.goto("/admin/purchase-orders?status=all");
  await expect(page.getByRole("region", { name: /^Remakes in/ })).toContainText("Mis-measure");
  const remakePo = (
    (await (
      await page.request.get(`/api/admin/purchase-orders?orderId=${orderId}&status=draft`)
    ).json()) as { id: number; items: { itemId: number }[] }[]
  )[0];
  await page.request.post(`/api/admin/purchase-orders/${remakePo?.id}/receive`, {
    data: { items: [{ itemId: remakePo?.items[0]?.itemId, quantity: 1 }] },
  });

  // An installer, and the installation booked: the order is scheduled by itself.
  const installerEmail = `ivan.${stamp}@example.com`;
  const added = await page.request.post("/api/admin/staff", {
    data: {
      name: `Ivan ${stamp}`,
      email: installerEmail,
      role: "installer",
      password: "temporary-42x",
    },
  });
  const installerId = ((await added.json()) as { id: number }).id;
  const visit = await page.request.post(`/api/admin/orders/${orderId}/visits`, {
    data: {
      kind: "install",
      date: storeToday(),
      start: "08:00",
      end: "11:00",
      staffId: installerId,
    },
  });
  expect(visit.status()).toBe(201);
  const detail = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as {
    status: string;
  };
  expect(detail.status).toBe("scheduled");

  // On his phone, the installer opens today's visit: his job card.
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const installer = await phone.newPage();
  const login = await installer.request.post("/api/admin/login", {
    data: { email: installerEmail, password: "temporary-42x" },
  });
  expect(login.ok()).toBe(true);
  const changed = await installer.request.post("/api/admin/password", {
    data: { currentPassword: "temporary-42x", newPassword: "ivan-own-password-42" },
  });
  expect(changed.ok()).toBe(true);
  await installer.goto("/admin/visits");
  await installer.getByRole("link", { name: new RegExp(`Order #${placed.orderNumber}`) }).tap();
  await expect(installer.getByRole("heading", { level: 1 })).toHaveText(
    `Installation visit · Order #${placed.orderNumber}`,
  );
  await waitForHydration(installer);
  await expect(installer.getByRole("link", { name: /^Call / })).toHaveAttribute(
    "href",
    "tel:2395550161",
  );
  await expect(installer.getByRole("link", { name: /^Map: 41 Mangrove Bay/ })).toHaveAttribute(
    "href",
    /maps/,
  );
  await expect(
    installer.getByText("Master bedroom: 1 × Standard Plantation Shutters").first(),
  ).toBeVisible();
  await expectThumbTargets(installer);
  await axeAtBothSizes(installer);
  await installer.setViewportSize(PHONE);

  // "On my way": the arrival estimate goes to the customer (the booking work's route).
  await installer.getByRole("button", { name: "On my way, arriving in 15 minutes" }).tap();
  await expect(
    installer.getByRole("status").or(installer.getByRole("alert")).filter({ hasText: /./ }).first(),
  ).toBeVisible();

  // He collects the balance by check.
  const money = installer.getByRole("region", { name: /^To collect:/ });
  await money.getByLabel("Method").selectOption("check");
  await money.getByLabel("Check number or reference").fill("5150");
  await money.getByRole("button", { name: "Record payment" }).tap();
  await expect(installer.getByRole("heading", { name: "To collect: nothing" })).toBeVisible();

  // Close-out: nothing ticked at first; he ticks each item installed, adds a photo, the
  // customer's signature and name, Complete.
  const installedBoxes = await installer.getByRole("radio", { name: "Installed" }).all();
  expect(installedBoxes.length).toBeGreaterThan(0);
  for (const box of installedBoxes) {
    await expect(box).not.toBeChecked();
    await box.check();
  }
  const photo = await sharp({
    create: { width: 120, height: 90, channels: 3, background: "#d9c7a7" },
  })
    .jpeg()
    .toBuffer();
  await installer.getByLabel(/^Photos/).setInputFiles({
    name: "window.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  // Unsigned, "Complete" is refused at the signature box and the name, nothing sent.
  await installer.getByRole("button", { name: "Complete" }).click();
  await expect(installer.getByTestId("signature-pad")).toHaveAttribute("aria-invalid", "true");
  await expect(installer.locator("#signature-error")).toBeVisible();
  await expect(installer.locator("#signerName-error")).toBeVisible();
  await signWithFinger(installer, installer.getByTestId("signature-pad"));
  await installer.getByLabel("Customer's name, typed").fill(`Dana ${lastName}`);
  await expectThumbTargets(installer);
  // Pressed with a click: right after the signature's touch stream (sent through the DevTools
  // protocol), Chromium at times takes a synthetic tap as the end of that gesture and sends no
  // click. The button's thumb size is checked above.
  await installer.getByRole("button", { name: "Complete" }).click();
  await expect(installer.getByRole("heading", { name: "Closed out" })).toBeVisible();
  await expect(installer.getByText(/^Completed · visit done/)).toBeVisible();
  // The stored signature is the finger's line, not a blank box.
  const visitId = ((await visit.json()) as { id: number }).id;
  const signature = await installer.request.get(`/api/admin/visits/${visitId}/close-out/signature`);
  expect(signature.headers()["content-type"]).toBe("image/png");
  const ink = await sharp(await signature.body()).stats();
  expect(Math.min(...ink.channels.slice(0, 3).map((c) => c.min))).toBeLessThan(128);
  await axeAtBothSizes(installer);
  await phone.close();

  const done = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as {
    status: string;
  };
  expect(done.status).toBe("completed");

  // The customer follows the completion email's link and leaves a verified review.
  const token = reviewTokenFromOutbox(placed.orderNumber);
  const customer = await browser.newPage();
  await customer.goto(`/?review=${token}#testimonials`);
  await waitForHydration(customer);
  const form = customer.locator("#review-form");
  await form.getByLabel("Your name").fill(`Dana ${lastName}`);
  await form.getByLabel("Email").fill(`dana.${lastName.toLowerCase()}@example.com`);
  await form
    .getByLabel("Your review")
    .fill("Measured, remade when one was off, and installed perfectly.");
  await form.getByRole("button", { name: /Submit/ }).click();
  await expect(customer.getByText("Review Submitted")).toBeVisible();
  const pending = (await (await page.request.get("/api/admin/reviews?status=pending")).json()) as {
    id: number;
    customerName: string;
  }[];
  const mine = pending.find((r) => r.customerName === `Dana ${lastName}`);
  expect(mine, "the review waits for moderation").toBeDefined();
  expect((await page.request.post(`/api/admin/reviews/${mine?.id}/approve`)).ok()).toBe(true);
  await customer.goto("/#testimonials");
  // Approved reviews load in the browser after hydration (reviews-section.tsx).
  await waitForHydration(customer);
  await expect(
    customer
      .getByRole("article", { name: `Review by Dana ${lastName}` })
      .getByText("Verified purchase"),
  ).toBeVisible();
  await customer.close();
});
