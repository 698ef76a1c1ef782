/**
 * Idempotency-Key on the routes the installer's phone may send twice (decision 580), on both
 * databases: a repeat with the same key and body answers the first's status and body and
 * changes nothing (a multipart close-out by its fields and files, whatever its boundary); the
 * same key with another body is a 422; two identical requests at once run once (the other
 * waits for nothing: 409, or the first's answer); the email "on my way" sends goes once; keys
 * belong to one person and one route; the retention job forgets them after 48 hours.
 */
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_API_PERMISSIONS } from "../../../domain/people/permissions";
import { addDays, storeToday } from "../../../domain/scheduling/visit-time";
import { IDEMPOTENT_ADMIN_ROUTES } from "../../../server/api/platform/idempotency";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("Idempotency-Key on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  let installer: { id: number; cookie: string };
  const db = () => store.services.db;
  let serial = 0;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
    installer = await addWorkingStaff(store, owner, "installer");
  });
  afterAll(async () => {
    await store?.close();
  });

  const slotsTaken = new Map<number, number>();
  /**
   * An order with the installer's visit of `kind` on today + `days` (a window of its own; an
   * installation each on a day of its own unless told).
   */
  async function job(kind: "measure" | "install", days = kind === "install" ? 1 + serial : 0) {
    const n = ++serial;
    const email = `idem.${n}.${dialect}@example.org`;
    const order = await insertTestOrder(db(), { status: "scheduled", email });
    const slot = slotsTaken.get(days) ?? 0;
    slotsTaken.set(days, slot + 1);
    const start = 8 + 2 * slot;
    const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;
    const visit = await request(
      store,
      "POST",
      `/api/admin/orders/${order.id}/visits`,
      {
        kind,
        date: addDays(storeToday(), days),
        start: hh(start),
        end: hh(start + 2),
        staffId: installer.id,
      },
      { cookie: owner },
    );
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    return { order, email, visitId: visit.body.id as number };
  }

  const post = (path: string, body: unknown, key: string | null, cookie = installer.cookie) =>
    request(
      store,
      "POST",
      path,
      body,
      key === null ? { cookie } : { cookie, "idempotency-key": key },
    );

  async function emailsTo(address: string, subjectPart: string) {
    const rows = await db()
      .selectFrom("email_outbox")
      .select("subject")
      .where("to_address", "=", address)
      .execute();
    return rows.filter((r) => r.subject.includes(subjectPart)).length;
  }

  it("covers exactly the routes the rule names, each a real admin route", () => {
    expect([...IDEMPOTENT_ADMIN_ROUTES].sort()).toEqual(
      [
        "PATCH /quotes/:id",
        "POST /orders/:id/payments",
        "POST /visits/:id/arrived",
        "POST /visits/:id/close-out",
        "POST /visits/:id/measurements",
        "POST /visits/:id/on-my-way",
      ].sort(),
    );
    for (const route of IDEMPOTENT_ADMIN_ROUTES)
      expect(ADMIN_API_PERMISSIONS).toHaveProperty(route);
  });

  it("answers a repeat of on my way (quoted key, then bare) with the first answer, one email", async () => {
    const { visitId, email } = await job("measure");
    const path = `/api/admin/visits/${visitId}/on-my-way`;
    const first = await post(path, { minutes: 30 }, '"omw-1"');
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await post(path, { minutes: 30 }, "omw-1");
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toContain("application/json");
    expect(await emailsTo(email, "minutes")).toBe(1);
    // Without a key the route behaves as it always did: another email.
    expect((await post(path, { minutes: 30 }, null)).status).toBe(202);
    expect(await emailsTo(email, "minutes")).toBe(2);
  });

  it("refuses the same key with another body (422) and sends nothing more", async () => {
    const { visitId, email } = await job("measure");
    const path = `/api/admin/visits/${visitId}/on-my-way`;
    expect((await post(path, { minutes: 15 }, "omw-2")).status).toBe(202);
    const other = await post(path, { minutes: 45 }, "omw-2");
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("idempotency_key_reused");
    expect(other.body.error.message).toMatch(/new key/);
    expect(await emailsTo(email, "minutes")).toBe(1);
  });

  it("hashes JSON by its value: the same object with its keys in another order is a repeat", async () => {
    const { order } = await job("install");
    const path = `/api/admin/orders/${order.id}/payments`;
    const first = await post(path, '{"amount":25,"method":"cash"}', "pay-order", owner);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await post(path, '{ "method": "cash", "amount": 25 }', "pay-order", owner);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it("runs two identical payments sent at once exactly once", async () => {
    const { order } = await job("install");
    const path = `/api/admin/orders/${order.id}/payments`;
    const body = { amount: 40, method: "check", reference: "1234" };
    const answers = await Promise.all([
      post(path, body, "pay-twice", owner),
      post(path, body, "pay-twice", owner),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    // The second either arrives while the first runs (409) or after it (the first's 201).
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const refused = answers.find((a) => a.status === 409);
    if (refused) expect(refused.body.error.code).toBe("request_in_progress");
    const payments = await db()
      .selectFrom("payments")
      .select("id")
      .where("order_id", "=", order.id)
      .execute();
    expect(payments).toHaveLength(1);
    // Once the first is done, a repeat answers what it answered.
    const later = await post(path, body, "pay-twice", owner);
    expect(later.status).toBe(201);
    expect(later.body).toEqual(answers.find((a) => a.status === 201)?.body);
  });

  it("runs two identical on my way sent at once once: one email", async () => {
    const { visitId, email } = await job("measure");
    const path = `/api/admin/visits/${visitId}/on-my-way`;
    const answers = await Promise.all([
      post(path, { minutes: 60 }, "omw-at-once"),
      post(path, { minutes: 60 }, "omw-at-once"),
    ]);
    expect(answers.some((a) => a.status === 202)).toBe(true);
    for (const a of answers) expect([202, 409]).toContain(a.status);
    expect(await emailsTo(email, "minutes")).toBe(1);
  });

  it("keeps a refusal as the first answer: a repeat of a 409 is the same 409", async () => {
    const { visitId, email } = await job("measure", 7);
    const path = `/api/admin/visits/${visitId}/on-my-way`;
    const first = await post(path, { minutes: 30 }, "omw-too-early");
    expect(first.status).toBe(409);
    const again = await post(path, { minutes: 30 }, "omw-too-early");
    expect(again.status).toBe(409);
    expect(again.body).toEqual(first.body);
    expect(await emailsTo(email, "minutes")).toBe(0);
  });

  it("keeps keys per route and per person: the same key elsewhere is a new request", async () => {
    const one = await job("install");
    const two = await job("install");
    const body = { amount: 10, method: "cash" };
    expect(
      (await post(`/api/admin/orders/${one.order.id}/payments`, body, "k", owner)).status,
    ).toBe(201);
    expect(
      (await post(`/api/admin/orders/${two.order.id}/payments`, body, "k", owner)).status,
    ).toBe(201);
    // The installer's own "k" on the first order is his, not the owner's.
    const his = await post(`/api/admin/orders/${one.order.id}/payments`, body, "k");
    expect(his.status, JSON.stringify(his.body)).toBe(201);
    expect(his.headers.get("idempotent-replayed")).toBeNull();
    const count = await db()
      .selectFrom("payments")
      .select("id")
      .where("order_id", "in", [one.order.id, two.order.id])
      .execute();
    expect(count).toHaveLength(3);
  });

  it("replays measurements: the windows stay as first recorded", async () => {
    const { visitId } = await job("measure");
    const path = `/api/admin/visits/${visitId}/measurements`;
    const windows = [
      { room: "Kitchen", mount: "inside", widths: [35, 35, 35], heights: [60, 60, 60] },
    ];
    const first = await post(path, { windows }, "measure-1");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const before = await db()
      .selectFrom("visit_measurements")
      .select(["id", "measured_at"])
      .where("visit_id", "=", visitId)
      .execute();
    const again = await post(path, { windows }, "measure-1");
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const after = await db()
      .selectFrom("visit_measurements")
      .select(["id", "measured_at"])
      .where("visit_id", "=", visitId)
      .execute();
    expect(after).toEqual(before);
  });

  it("refuses a key that is no key (400)", async () => {
    const { visitId } = await job("measure", 2);
    const res = await post(`/api/admin/visits/${visitId}/arrived`, {}, "two words");
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/Idempotency-Key/);
  });

  const png = (color: string) =>
    sharp({ create: { width: 40, height: 20, channels: 4, background: color } })
      .png()
      .toBuffer();

  /** A close-out form built anew (its own boundary) from the same fields and files. */
  async function closeOutForm(itemIds: number[], photoColor = "#ff0000") {
    const form = new FormData();
    form.append(
      "items",
      JSON.stringify(itemIds.map((itemId) => ({ itemId, status: "installed" }))),
    );
    form.append("signerName", "Jane Doe");
    form.append("balanceReason", "Pays at the office");
    form.append("signature", new File([await png("#ffffff")], "sig.png", { type: "image/png" }));
    const jpeg = await sharp(await png(photoColor))
      .jpeg()
      .toBuffer();
    form.append("photos", new File([jpeg], "window.jpg", { type: "image/jpeg" }));
    return form;
  }

  async function closeOut(visitId: number, form: FormData, key: string) {
    const res = await store.app.request(`/api/admin/visits/${visitId}/close-out`, {
      method: "POST",
      body: form,
      headers: { cookie: installer.cookie, "idempotency-key": key },
    });
    return {
      status: res.status,
      body: await res.json(),
      replayed: res.headers.get("idempotent-replayed"),
    };
  }

  it("replays a close-out sent again with the same fields and files; other photos → 422", async () => {
    const { order, visitId, email } = await job("install");
    const detail = await request(store, "GET", `/api/admin/orders/${order.id}`, undefined, {
      cookie: owner,
    });
    const itemIds = (detail.body.items as { id: number }[]).map((i) => i.id);
    const first = await closeOut(visitId, await closeOutForm(itemIds), "close-1");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await closeOut(visitId, await closeOutForm(itemIds), "close-1");
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.replayed).toBe("true");
    const other = await closeOut(visitId, await closeOutForm(itemIds, "#0000ff"), "close-1");
    expect(other.status).toBe(422);
    const closeOuts = await db()
      .selectFrom("close_outs")
      .select("id")
      .where("visit_id", "=", visitId)
      .execute();
    expect(closeOuts).toHaveLength(1);
    expect(await emailsTo(email, "installed")).toBeLessThanOrEqual(1);
  });

  it("forgets keys after 48 hours with the retention job, not before", async () => {
    const { visitId } = await job("measure", 3);
    const path = `/api/admin/visits/${visitId}/arrived`;
    expect((await post(path, {}, "arrived-old")).status).toBeLessThan(500);
    const kept = () =>
      db().selectFrom("idempotency_keys").select("key").where("key", "=", "arrived-old").execute();
    const in47h = new Date(Date.now() + 47 * 3600_000);
    await store.services.retention.purgeExpired(in47h);
    expect(await kept()).toHaveLength(1);
    const counts = await store.services.retention.purgeExpired(
      new Date(Date.now() + 49 * 3600_000),
    );
    expect(counts.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await kept()).toHaveLength(0);
  });
});
