/**
 * POST /api/samples and POST /api/estimates, with the estimate's photos: checked by content, re-encoded without metadata,
 * stored privately, shown only to the admin; and the admin's lists with the handled mark.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { ESTIMATE_REQUESTS_PER_HOUR } from "../../../server/services/requests/estimates";
import { SAMPLE_REQUESTS_PER_HOUR } from "../../../server/services/requests/samples";
import { loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const SAMPLES = {
  name: "Dana Reyes",
  email: "dana@example.com",
  address: "12 Palm Ave",
  city: "Cape Coral",
  zipCode: "33904",
  items: [
    { productType: "vinyl", color: "white" },
    { productType: "zebra-shades", color: "palm" },
  ],
};

const ESTIMATE = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  phone: "(239) 555-0100",
  address: "12 Palm Ave",
  city: "Cape Coral",
  zipCode: "33904",
  windowCount: 6,
  productTypes: ["standard-shutters", "zebra-shades"],
  preferredWindow: "saturday",
  message: "Two sliders and four bedroom windows.",
};

let counter = 0;
function from(address = `203.0.113.${++counter % 250}`) {
  return { "x-forwarded-for": address };
}

/** A photo with EXIF (GPS included) as a camera would send it. */
async function cameraPhoto(format: "jpeg" | "png" | "webp" = "jpeg"): Promise<Buffer> {
  const image = sharp({
    create: { width: 64, height: 48, channels: 3, background: "#b85c38" },
  }).withExif({
    IFD0: { Copyright: "Dana Reyes", Make: "PhoneCam" },
    IFD3: { GPSLatitudeRef: "N", GPSLatitude: "26/1 33/1 45/1" },
  });
  return image.toFormat(format).toBuffer();
}

function estimateForm(
  fields: Record<string, unknown>,
  photos: { name: string; bytes: Uint8Array; type?: string }[],
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const x of v) form.append(k, String(x));
    else if (v !== undefined && v !== null) form.append(k, String(v));
  }
  for (const p of photos) {
    form.append(
      "photos",
      new File([Buffer.from(p.bytes)], p.name, { type: p.type ?? "image/jpeg" }),
    );
  }
  return form;
}

describeEachDialect("samples and estimates API on %s", (dialect) => {
  let store: TestStore;
  let photosDir: string;
  beforeAll(async () => {
    store = await createTestStore(dialect, {
      TRUST_PROXY: "true",
      STORE_EMAIL: "owner@example.com",
    });
    photosDir = path.join(store.config.dataDir, "uploads", "estimates");
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    await store.services.db.deleteFrom("estimate_photos").execute();
    await store.services.db.deleteFrom("estimate_requests").execute();
    await store.services.db.deleteFrom("sample_requests").execute();
    await store.services.db.deleteFrom("email_outbox").execute();
    fs.rmSync(photosDir, { recursive: true, force: true });
    await store.services.samples.rateLimiter.reset();
    await store.services.estimates.rateLimiter.reset();
  });

  const outbox = () =>
    store.services.db.selectFrom("email_outbox").selectAll().orderBy("id").execute();

  async function postEstimateForm(form: FormData, headers = from()) {
    const res = await store.app.request("/api/estimates", { method: "POST", body: form, headers });
    return { status: res.status, body: (await res.json()) as any };
  }

  // ---- samples ----

  it("stores a sample request, emails the store and confirms to the shopper", async () => {
    const res = await request(store, "POST", "/api/samples", SAMPLES, from());
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^S-[0-9A-Z]{8}$/);
    const rows = await store.services.db.selectFrom("sample_requests").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reference: res.body.reference,
      name: "Dana Reyes",
      zip_code: "33904",
      status: "new",
    });
    expect(JSON.parse(rows[0]!.items)).toEqual(SAMPLES.items);
    const emails = await outbox();
    expect(emails.map((e) => [e.kind, e.to_address])).toEqual([
      ["samples_store", "owner@example.com"],
      ["samples_confirmation", "dana@example.com"],
    ]);
    expect(emails[0]!.text_body).toContain("Vinyl Vertical Blinds: White");
    expect(emails[0]!.text_body).toContain("Zebra Shades: Tropic · Palm");
    expect(emails[1]!.subject).toContain(res.body.reference);
  });

  it.each([
    [{ ...SAMPLES, items: [] }, "items must list 1 to 5 samples"],
    [
      {
        ...SAMPLES,
        items: Array.from({ length: 6 }, () => ({ productType: "vinyl", color: "white" })),
      },
      "items must list 1 to 5 samples",
    ],
    [{ ...SAMPLES, items: [{ productType: "vinyl", color: "black" }] }, "items.0.color"],
    [{ ...SAMPLES, items: [{ productType: "zebra-shades", color: "white" }] }, "items.0.color"],
    [{ ...SAMPLES, items: [{ productType: "track-replacement", color: "white" }] }, "productType"],
    [{ ...SAMPLES, email: "nope" }, "email"],
  ])("answers 400 naming the field for %#", async (body, field) => {
    const res = await request(store, "POST", "/api/samples", body, from());
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect(await store.services.db.selectFrom("sample_requests").selectAll().execute()).toEqual([]);
  });

  it("answers 422 with the phone number for a ZIP outside the service area", async () => {
    const res = await request(
      store,
      "POST",
      "/api/samples",
      { ...SAMPLES, zipCode: "10001" },
      from(),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("outside_service_area");
    expect(res.body.error.message).toContain("(239) 555-0142");
    // The field is named by the fields map, not by the wording.
    expect(res.body.error.fields).toEqual({ zipCode: res.body.error.message });
  });

  it("answers a bad body with 400 and the fields it names", async () => {
    const res = await request(
      store,
      "POST",
      "/api/samples",
      { ...SAMPLES, email: "dana@", items: [{ productType: "vinyl", color: "" }] },
      from(),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(Object.keys(res.body.error.fields)).toEqual(["email", "items.0.color"]);
    const colors = await request(
      store,
      "POST",
      "/api/samples",
      { ...SAMPLES, items: [{ productType: "vinyl", color: "plaid" }] },
      from(),
    );
    expect(colors.status).toBe(400);
    expect(Object.keys(colors.body.error.fields)).toEqual(["items.0.color"]);
  });

  it(`limits sample requests to ${SAMPLE_REQUESTS_PER_HOUR} an hour per address`, async () => {
    const headers = from("198.18.0.7");
    // Different requests (the same one again within a minute is counted once).
    const nth = (i: number) => ({ ...SAMPLES, email: `dana${i}@example.org` });
    for (let i = 0; i < SAMPLE_REQUESTS_PER_HOUR; i++) {
      expect((await request(store, "POST", "/api/samples", nth(i), headers)).status).toBe(201);
    }
    const res = await request(store, "POST", "/api/samples", nth(99), headers);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await request(store, "POST", "/api/samples", SAMPLES, from())).status).toBe(201);
  });

  it("counts the same sample request sent again within a minute once, even at once", async () => {
    const first = await request(store, "POST", "/api/samples", SAMPLES, from("198.18.1.1"));
    // A double tap from another network (a phone leaving Wi-Fi), and three at once.
    const again = await request(
      store,
      "POST",
      "/api/samples",
      { ...SAMPLES, email: "Dana@Example.com", items: [...SAMPLES.items].reverse() },
      from("198.18.1.2"),
    );
    const burst = await Promise.all(
      [1, 2, 3].map(() => request(store, "POST", "/api/samples", SAMPLES, from("198.18.1.1"))),
    );
    expect([first, again, ...burst].map((r) => [r.status, r.body.reference])).toEqual(
      Array(5).fill([201, first.body.reference]),
    );
    expect(
      await store.services.db.selectFrom("sample_requests").selectAll().execute(),
    ).toHaveLength(1);
    expect((await outbox()).map((e) => e.kind)).toEqual(["samples_store", "samples_confirmation"]);
    // Counted once against the limit: the address may still send its other requests.
    for (let i = 1; i < SAMPLE_REQUESTS_PER_HOUR; i++) {
      const other = { ...SAMPLES, email: `other${i}@example.org` };
      expect((await request(store, "POST", "/api/samples", other, from("198.18.1.1"))).status).toBe(
        201,
      );
    }
    // Something changed is another request; so is the same one a minute later.
    const changed = await request(
      store,
      "POST",
      "/api/samples",
      { ...SAMPLES, items: [SAMPLES.items[0]] },
      from("198.18.1.3"),
    );
    expect(changed.body.reference).not.toBe(first.body.reference);
    await store.services.db
      .updateTable("sample_requests")
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where("reference", "=", first.body.reference)
      .execute();
    const later = await request(store, "POST", "/api/samples", SAMPLES, from("198.18.1.4"));
    expect(later.status).toBe(201);
    expect(later.body.reference).not.toBe(first.body.reference);
  });

  it("counts the same estimate with the same photos once; other photos make another", async () => {
    const photo = await cameraPhoto();
    const form = () => estimateForm(ESTIMATE, [{ name: "window.jpg", bytes: photo }]);
    const [a, b] = await Promise.all([postEstimateForm(form()), postEstimateForm(form())]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.reference).toBe(a.body.reference);
    expect(
      await store.services.db.selectFrom("estimate_requests").selectAll().execute(),
    ).toHaveLength(1);
    expect(
      await store.services.db.selectFrom("estimate_photos").selectAll().execute(),
    ).toHaveLength(1);
    // The files of the request stored once, none of the repeat's.
    expect(fs.readdirSync(photosDir)).toHaveLength(1);
    const other = await postEstimateForm(
      estimateForm(ESTIMATE, [{ name: "window.png", bytes: await cameraPhoto("png") }]),
    );
    expect(other.body.reference).not.toBe(a.body.reference);
  });

  // ---- estimates ----

  it("stores a JSON estimate request and sends both emails", async () => {
    const res = await request(store, "POST", "/api/estimates", ESTIMATE, from());
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^E-[0-9A-Z]{8}$/);
    const [row] = await store.services.db.selectFrom("estimate_requests").selectAll().execute();
    expect(row).toMatchObject({
      first_name: "Dana",
      phone: "(239) 555-0100",
      window_count: 6,
      preferred_window: "saturday",
      status: "new",
    });
    expect(JSON.parse(row!.product_types)).toEqual(["standard-shutters", "zebra-shades"]);
    const emails = await outbox();
    expect(emails.map((e) => e.kind)).toEqual(["estimate_store", "estimate_confirmation"]);
    expect(emails[0]!.text_body).toContain("Standard Plantation Shutters, Zebra Shades");
    expect(emails[0]!.text_body).toContain("Saturday");
  });

  it.each([
    [{ ...ESTIMATE, windowCount: 0 }, "windowCount must be a whole number from 1 to 100"],
    [{ ...ESTIMATE, windowCount: 101 }, "windowCount"],
    [{ ...ESTIMATE, windowCount: 2.5 }, "windowCount"],
    [{ ...ESTIMATE, productTypes: ["curtains"] }, "productTypes"],
    [{ ...ESTIMATE, preferredWindow: "sunday" }, "preferredWindow"],
    [{ ...ESTIMATE, message: "x".repeat(2001) }, "message must be at most 2000 characters"],
    [{ ...ESTIMATE, phone: "12" }, "phone"],
  ])("answers 400 naming the field for %#", async (body, field) => {
    const res = await request(store, "POST", "/api/estimates", body, from());
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it("answers 422 with the phone number for a ZIP outside the service area", async () => {
    const res = await request(
      store,
      "POST",
      "/api/estimates",
      { ...ESTIMATE, zipCode: "33101" },
      from(),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.message).toContain("(239) 555-0142");
    expect(Object.keys(res.body.error.fields)).toEqual(["zipCode"]);
  });

  it("answers a bad estimate with 400 naming windowCount and phone in its fields", async () => {
    const res = await request(
      store,
      "POST",
      "/api/estimates",
      { ...ESTIMATE, windowCount: 0, phone: "12" },
      from(),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(["phone", "windowCount"]);
  });

  it("keeps two photos re-encoded without metadata, private, and shows them only to the admin", async () => {
    const jpeg = await cameraPhoto("jpeg");
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await postEstimateForm(
      estimateForm(ESTIMATE, [
        { name: "slider.jpg", bytes: jpeg },
        // The name and the browser's type lie: the content decides.
        { name: "bedroom.gif", bytes: await cameraPhoto("webp"), type: "image/gif" },
      ]),
    );
    expect(res.status).toBe(201);
    const [row] = await store.services.db.selectFrom("estimate_requests").selectAll().execute();
    const photos = await store.services.db.selectFrom("estimate_photos").selectAll().execute();
    expect(photos).toHaveLength(2);
    for (const p of photos) {
      const file = path.join(photosDir, p.file_name);
      const stat = fs.statSync(file);
      expect(stat.mode & 0o777).toBe(0o600);
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(p.content_type).toBe("image/jpeg");
    }
    expect(fs.statSync(photosDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.dirname(photosDir)).mode & 0o777).toBe(0o700);

    const photoUrl = `/api/admin/estimates/${row!.id}/photos/${photos[0]!.id}`;
    const anonymous = await store.app.request(photoUrl);
    expect(anonymous.status).toBe(401);
    const cookie = await loginCookie(store, from());
    const detail = await request(store, "GET", `/api/admin/estimates/${row!.id}`, undefined, {
      cookie,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.photos.map((p: { url: string }) => p.url)).toContain(photoUrl);
    const image = await store.app.request(photoUrl, { headers: { cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toBe("no-store");
    const served = Buffer.from(await image.arrayBuffer());
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    // Photos are never among the public files.
    expect((await store.app.request(`/uploads/estimates/${photos[0]!.file_name}`)).status).not.toBe(
      200,
    );
  });

  it("refuses a file that is not a JPEG, PNG or WebP photo (415), whatever its name says", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const truncated = (await cameraPhoto("png")).subarray(0, 40);
    for (const bytes of [svg, gif, truncated, new TextEncoder().encode("MZ not an image")]) {
      const res = await postEstimateForm(estimateForm(ESTIMATE, [{ name: "window.jpg", bytes }]));
      expect(res.status).toBe(415);
      expect(res.body.error.message).toContain(
        "photos: window.jpg is not a JPEG, PNG or WebP photo",
      );
    }
    expect(await store.services.db.selectFrom("estimate_requests").selectAll().execute()).toEqual(
      [],
    );
    expect(fs.existsSync(photosDir) ? fs.readdirSync(photosDir) : []).toEqual([]);
  });

  it("refuses a photo over 8 MB (413) and more than 5 photos (400)", async () => {
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    big.set(await cameraPhoto("jpeg"));
    const tooBig = await postEstimateForm(
      estimateForm(ESTIMATE, [{ name: "huge.jpg", bytes: big }]),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toContain("photos: huge.jpg is larger than 8 MB");

    const photo = await cameraPhoto("png");
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `w${i}.png`, bytes: photo }));
    const tooMany = await postEstimateForm(estimateForm(ESTIMATE, six));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain("photos: send at most 5 photos");
    expect(await store.services.db.selectFrom("estimate_requests").selectAll().execute()).toEqual(
      [],
    );

    const five = await postEstimateForm(estimateForm(ESTIMATE, six.slice(0, 5)));
    expect(five.status).toBe(201);
  });

  it("refuses a multipart body over the upload limit before reading it (413)", async () => {
    const res = await store.app.request("/api/estimates", {
      method: "POST",
      headers: {
        ...from(),
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(42 * 1024 * 1024),
      },
      body: "--x--",
    });
    expect(res.status).toBe(413);
  });

  it(`limits estimate requests to ${ESTIMATE_REQUESTS_PER_HOUR} an hour per address`, async () => {
    const headers = from("198.18.0.9");
    const nth = (i: number) => ({ ...ESTIMATE, email: `dana${i}@example.org` });
    for (let i = 0; i < ESTIMATE_REQUESTS_PER_HOUR; i++) {
      expect((await request(store, "POST", "/api/estimates", nth(i), headers)).status).toBe(201);
    }
    const res = await request(store, "POST", "/api/estimates", nth(99), headers);
    expect(res.status).toBe(429);
    expect(res.body.error.message).toContain("(239) 555-0142");
  });

  // ---- admin ----

  it("lists both in the admin and keeps the handled mark", async () => {
    await request(store, "POST", "/api/samples", SAMPLES, from());
    await request(store, "POST", "/api/estimates", ESTIMATE, from());
    expect((await request(store, "GET", "/api/admin/samples")).status).toBe(401);
    expect((await request(store, "GET", "/api/admin/estimates")).status).toBe(401);
    const cookie = await loginCookie(store, from());
    const samples = await request(store, "GET", "/api/admin/samples", undefined, { cookie });
    expect(samples.body).toHaveLength(1);
    expect(samples.body[0].items.map((i: { label: string }) => i.label)).toEqual([
      "Vinyl Vertical Blinds: White",
      "Zebra Shades: Tropic · Palm",
    ]);
    const handled = await request(
      store,
      "POST",
      `/api/admin/samples/${samples.body[0].id}/handled`,
      undefined,
      { cookie },
    );
    expect(handled.body.status).toBe("handled");
    expect((await request(store, "GET", "/api/admin/samples", undefined, { cookie })).body).toEqual(
      [],
    );
    const all = await request(store, "GET", "/api/admin/samples?status=all", undefined, { cookie });
    expect(all.body).toHaveLength(1);

    const estimates = await request(store, "GET", "/api/admin/estimates", undefined, { cookie });
    expect(estimates.body[0]).toMatchObject({ windowCount: 6, photoCount: 0, status: "new" });
    const id = estimates.body[0].id;
    const done = await request(store, "POST", `/api/admin/estimates/${id}/handled`, undefined, {
      cookie,
    });
    expect(done.body).toMatchObject({ status: "handled" });
    expect(done.body.handledAt).toBeTruthy();
    const missing = await request(store, "POST", "/api/admin/estimates/999999/handled", undefined, {
      cookie,
    });
    expect(missing.status).toBe(404);
  });
});
