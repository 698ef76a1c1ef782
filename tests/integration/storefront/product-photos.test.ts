/**
 * Owners' product photos through /api/admin and GET /product-photos: rendered to
 * AVIF and WebP at several widths without the camera's metadata, private files, alt text
 * required, clear 4xx for what can't be a product photo, shown first, removed with its files,
 * audited, and seen by the catalog at once. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  PRODUCT_PHOTO_BYTES_MAX,
  PRODUCT_PHOTOS_PER_PRODUCT,
} from "../../../domain/storefront/product-photos";
import { loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

/** A camera's photo with GPS and the owner's name; orientation 6 turns it a quarter. */
async function cameraPhoto(
  width = 1000,
  height = 750,
  format: "jpeg" | "png" | "webp" = "jpeg",
  orientation = 1,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#b85c38" } })
    .withExif({
      IFD0: { Copyright: "Dana Reyes", Make: "PhoneCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "26/1 33/1 45/1" },
    })
    .withMetadata({ orientation })
    .toFormat(format)
    .toBuffer();
}

function photoForm(photo: Uint8Array | null, alt: string | null, name = "patio-door.jpg") {
  const form = new FormData();
  if (photo) form.append("photo", new File([Buffer.from(photo)], name, { type: "image/jpeg" }));
  if (alt !== null) form.append("alt", alt);
  return form;
}

describeEachDialect("product photos on %s", (dialect) => {
  let store: TestStore;
  let cookie: string;
  let dir: string;
  beforeAll(async () => {
    store = await createTestStore(dialect);
    cookie = await loginCookie(store);
    dir = path.join(store.config.dataDir, "uploads", "products");
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    await store.services.db.deleteFrom("product_photos").execute();
    fs.rmSync(dir, { recursive: true, force: true });
    store.services.catalog.invalidate();
  });

  async function upload(productId: number, form: FormData, withCookie = true) {
    const res = await store.app.request(`/api/admin/products/${productId}/photos`, {
      method: "POST",
      body: form,
      headers: withCookie ? { cookie } : {},
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  const admin = (method: string, p: string, body?: unknown) =>
    request(store, method, `/api/admin${p}`, body, { cookie });
  const fileOf = (url: string) => url.split(/[ ,]/)[0]?.replace("/product-photos/", "") ?? "";

  it("renders AVIF and WebP at several widths, upright, without metadata, in private files", async () => {
    const res = await upload(
      1,
      photoForm(await cameraPhoto(1000, 750, "jpeg", 6), "White vinyl verticals, half open"),
    );
    expect(res.status).toBe(201);
    // Orientation 6: the 1000 × 750 pixels stand upright as 750 × 1000.
    expect(res.body).toMatchObject({
      alt: "White vinyl verticals, half open",
      width: 750,
      height: 1000,
      productId: 1,
    });
    expect(res.body.avifSrcSet).toMatch(/-320\.avif 320w, .*-640\.avif 640w, .*-750\.avif 750w$/);
    expect(res.body.webpSrcSet).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-750\.webp 750w$/);

    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(6);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    for (const f of files) {
      expect(fs.statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);
      const meta = await sharp(path.join(dir, f)).metadata();
      expect({ f, exif: meta.exif, orientation: meta.orientation }).toEqual({
        f,
        exif: undefined,
        orientation: undefined,
      });
      expect(meta.format).toBe(f.endsWith(".avif") ? "heif" : "webp");
    }

    const served = await store.app.request(res.body.src);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const avif = await store.app.request(`/product-photos/${fileOf(res.body.avifSrcSet)}`);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    const widest = await sharp(Buffer.from(await avif.arrayBuffer())).metadata();
    expect(widest.width).toBe(320);

    // The catalog (pages, every process) sees it at once; the audit log names it.
    const shown = await store.services.catalog.productPhotos(1);
    expect(shown.map((p) => p.id)).toEqual([res.body.id]);
    const audit = await store.services.db
      .selectFrom("audit_log")
      .select(["kind", "summary"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      kind: "catalog",
      summary: 'Vinyl Vertical Blinds: photo added "White vinyl verticals, half open" (750×1000)',
    });
    const catalog = await admin("GET", "/catalog");
    expect(catalog.body.products[0].photos).toHaveLength(1);
  });

  it("refuses with a clear 4xx what can't be a product photo, naming the field", async () => {
    const photo = await cameraPhoto(800, 600, "png");
    const cases: [FormData, number, string, RegExp][] = [
      [photoForm(photo, null), 400, "alt", /describe the photo/],
      [photoForm(photo, "IMG_2041.jpg"), 400, "alt", /not its file name/],
      [photoForm(photo, "abc"), 400, "alt", /at least 5 characters/],
      [photoForm(null, "A white blind"), 400, "photo", /choose a photo/],
      [
        photoForm(new TextEncoder().encode("<svg onload=alert(1)>"), "A white blind", "x.jpg"),
        415,
        "photo",
        /not a JPEG, PNG or WebP photo/,
      ],
      [
        photoForm(await cameraPhoto(500, 400), "A small white blind"),
        422,
        "photo",
        /500 px wide; send one at least 640 px wide/,
      ],
    ];
    for (const [form, status, field, message] of cases) {
      const res = await upload(1, form);
      expect({ status: res.status, field: res.body.error.fields?.[field] }).toEqual({
        status,
        field: expect.stringMatching(new RegExp(message.source, "i")),
      });
    }
    // A file over 8 MB inside a body the server still reads: the service's 413.
    const big = new Uint8Array(PRODUCT_PHOTO_BYTES_MAX + 1);
    big.set(photo.subarray(0, 16));
    const tooBig = await upload(1, photoForm(big, "A white blind"));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.fields.photo).toMatch(/larger than 8 MB/);
    // A body far over the limit is refused before it is read.
    const huge = await store.app.request("/api/admin/products/1/photos", {
      method: "POST",
      headers: {
        cookie,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(20 * 1024 * 1024),
      },
      body: "--x--",
    });
    expect(huge.status).toBe(413);
    // JSON is not an upload; no session is no upload; no such product is a 404.
    expect((await admin("POST", "/products/1/photos", { alt: "A white blind" })).status).toBe(415);
    expect((await upload(1, photoForm(photo, "A white blind"), false)).status).toBe(401);
    expect((await upload(999, photoForm(photo, "A white blind"))).status).toBe(404);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
    expect((await request(store, "GET", "/product-photos/../../store.db")).status).toBe(404);
    expect((await request(store, "GET", "/product-photos/nothing.avif")).status).toBe(404);
  });

  it("edits the words, shows a photo first, removes it with its files", async () => {
    const one = await upload(2, photoForm(await cameraPhoto(800, 600), "Shutters in a kitchen"));
    const two = await upload(2, photoForm(await cameraPhoto(900, 600), "Shutters, louvers open"));
    expect([one.status, two.status]).toEqual([201, 201]);
    const order = async () => (await store.services.catalog.productPhotos(2)).map((p) => p.id);
    expect(await order()).toEqual([one.body.id, two.body.id]);

    const first = await admin("PATCH", `/products/2/photos/${two.body.id}`, { first: true });
    expect(first.status).toBe(200);
    expect(await order()).toEqual([two.body.id, one.body.id]);
    const alt = await admin("PATCH", `/products/2/photos/${one.body.id}`, { alt: "  " });
    expect(alt.status).toBe(400);
    expect(alt.body.error.fields.alt).toMatch(/describe the photo/);
    const renamed = await admin("PATCH", `/products/2/photos/${one.body.id}`, {
      alt: "White shutters in a kitchen",
    });
    expect(renamed.body.alt).toBe("White shutters in a kitchen");
    expect(
      (await admin("PATCH", `/products/1/photos/${one.body.id}`, { first: true })).status,
    ).toBe(404);

    const removed = await admin("DELETE", `/products/2/photos/${two.body.id}`);
    expect(removed.status).toBe(204);
    expect(await order()).toEqual([one.body.id]);
    expect((await store.app.request(two.body.src)).status).toBe(404);
    // The remaining photo's 320, 640 and 800 px renditions, in both formats.
    expect(fs.readdirSync(dir)).toHaveLength(6);
    const summaries = (
      await store.services.db
        .selectFrom("audit_log")
        .select("summary")
        .where("kind", "=", "catalog")
        .orderBy("id")
        .execute()
    ).map((r) => r.summary);
    expect(summaries.slice(-3)).toEqual([
      'Standard Plantation Shutters: photo "Shutters, louvers open" shown first',
      'Standard Plantation Shutters: photo description "Shutters in a kitchen" → "White shutters in a kitchen"',
      'Standard Plantation Shutters: photo removed "Shutters, louvers open"',
    ]);
  });

  describe("the limit per product", () => {
    it(`keeps at most ${PRODUCT_PHOTOS_PER_PRODUCT} photos of a product`, async () => {
      const photo = await cameraPhoto(640, 480);
      for (let i = 0; i < PRODUCT_PHOTOS_PER_PRODUCT; i++) {
        expect((await upload(6, photoForm(photo, `Aluminum blind ${i + 1}`))).status).toBe(201);
      }
      const refused = await upload(6, photoForm(photo, "One photo too many"));
      expect(refused.status).toBe(409);
      expect(refused.body.error.fields.photo).toMatch(/remove one before adding another/);
    });
  });
});
