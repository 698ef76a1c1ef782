/**
 * Multipart uploads: the close-out takes its 10 phone photos
 * (85 MB at most, refused in its own words), a multipart body has at most 50 parts and is read
 * as a stream, so a body of many tiny parts is refused without holding the event loop.
 */
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { storeToday } from "../../../domain/scheduling/visit-time";
import { MULTIPART_PARTS_MAX } from "../../../server/uploads/upload-limits";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const MB = 1024 * 1024;

/**
 * A 4.4 MB phone photo: a small picture and 4.3 MB of comment segments (the size is what the
 * limits see; a picture of that many pixels would cost the test seconds of decoding each).
 */
async function phonePhoto(): Promise<Buffer> {
  const picture = await sharp({
    create: { width: 80, height: 60, channels: 3, background: "#b85c38" },
  })
    .jpeg()
    .toBuffer();
  const segment = Buffer.alloc(65_535 + 2, 0x20);
  segment[0] = 0xff;
  segment[1] = 0xfe; // COM
  segment.writeUInt16BE(65_535, 2);
  const comments = Array.from({ length: 69 }, () => segment);
  return Buffer.concat([picture.subarray(0, 2), ...comments, picture.subarray(2)]);
}

/** A multipart body of `count` one-byte fields, written by hand (FormData would be slow). */
function tinyParts(count: number): { body: Buffer; type: string } {
  const boundary = "tinyparts";
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n`;
  return {
    body: Buffer.from(`${part.repeat(count)}--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The longest the event loop went without a turn while `work` ran. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(tick);
  }
  return Math.max(longest, performance.now() - last);
}

describeEachDialect("upload limits on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function installVisit() {
    const installer = await addWorkingStaff(store, owner, "installer");
    const order = await insertTestOrder(store.services.db, { status: "scheduled" });
    const detail = (
      await request(store, "GET", `/api/admin/orders/${order.id}`, undefined, {
        cookie: owner,
      })
    ).body;
    const visit = await request(
      store,
      "POST",
      `/api/admin/orders/${order.id}/visits`,
      { kind: "install", date: storeToday(), start: "09:00", end: "12:00", staffId: installer.id },
      { cookie: owner },
    );
    expect(visit.status).toBe(201);
    const items = detail.items.map((i: { id: number }) => ({ itemId: i.id, status: "installed" }));
    return { visitId: visit.body.id as number, items, cookie: installer.cookie };
  }

  it("takes a close-out with ten 4.4 MB phone photos (44 MB, over the estimate's 41 MB)", async () => {
    const { visitId, items, cookie } = await installVisit();
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(4 * MB);
    const form = new FormData();
    form.append("items", JSON.stringify(items));
    form.append("signerName", "Jane Doe");
    form.append("balanceReason", "The customer pays the balance by check next week");
    for (let i = 0; i < 10; i++) {
      form.append(
        "photos",
        new File([new Uint8Array(photo)], `IMG_${i}.jpg`, { type: "image/jpeg" }),
      );
    }
    const signature = await sharp({
      create: { width: 300, height: 100, channels: 4, background: "#ffffff" },
    })
      .png()
      .toBuffer();
    form.append("signature", new File([signature], "signature.png", { type: "image/png" }));
    const res = await store.app.request(`/api/admin/visits/${visitId}/close-out`, {
      method: "POST",
      body: form,
      headers: { cookie },
    });
    const body = (await res.json()) as { photos?: number; error?: unknown };
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.photos).toBe(10);
  }, 120_000);

  it("refuses a close-out body over 85 MB in the close-out's own words", async () => {
    const { visitId, cookie } = await installVisit();
    const res = await store.app.request(`/api/admin/visits/${visitId}/close-out`, {
      method: "POST",
      body: "--x--\r\n",
      headers: {
        cookie,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(86 * MB),
      },
    });
    expect(res.status).toBe(413);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toContain("close-out");
    expect(error.message).toContain("85 MB");
    expect(error.message).toContain("10 photos");
    expect(error.message).not.toContain("5 photos");
  });

  it(`refuses a multipart body of more than ${MULTIPART_PARTS_MAX} parts (413)`, async () => {
    const at = tinyParts(MULTIPART_PARTS_MAX);
    const atLimit = await request(store, "POST", "/api/estimates", at.body.toString(), {
      "content-type": at.type,
    });
    // Read to the end (the fields are not an estimate): the parts limit did not refuse it.
    expect(atLimit.status).toBe(400);
    const over = tinyParts(MULTIPART_PARTS_MAX + 1);
    const refused = await request(store, "POST", "/api/estimates", over.body.toString(), {
      "content-type": over.type,
    });
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toContain(`at most ${MULTIPART_PARTS_MAX}`);
  });

  it("refuses 20 MB of one-byte parts without holding the event loop", async () => {
    const { body, type } = tinyParts(400_000);
    // Made before the clock starts: copying 20 MB into a Request is the test's cost, not ours.
    const posted = new Request("http://localhost/api/estimates", {
      method: "POST",
      body: new Uint8Array(body),
      headers: { "content-type": type, "content-length": String(body.length) },
    });
    let status = 0;
    const stall = await longestStall(async () => {
      const res = await store.app.request(posted);
      status = res.status;
      await res.arrayBuffer();
    });
    expect(status).toBe(413);
    // Request.formData() parsed all 400,000 parts in one go first: 0.7 s on a quiet machine,
    // seconds on a loaded one. Streamed, it stops at the 51st; the margin is for a busy CPU.
    expect(stall).toBeLessThan(400);
  });
});
