/**
 * If-Match revisions (decision 581) on both databases: the visit, order and quote answers carry
 * an ETag; a write that names the revision it was made from goes through while nothing changed
 * and answers the new ETag; once the office changed the thing, the write is refused with 409
 * `stale_revision`, the revision now and the thing as it is now, and nothing happens; an
 * Idempotency-Key repeat of a write that moved the revision is still its first answer.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { storeToday } from "../../../domain/scheduling/visit-time";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { SAMPLE_QUOTE_CUSTOMER, VINYL_INSTALLED } from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("If-Match revisions on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  let installer: { id: number; cookie: string };
  let slot = 0;
  const db = () => store.services.db;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
    installer = await addWorkingStaff(store, owner, "installer");
  });
  afterAll(async () => {
    await store?.close();
  });

  async function todaysVisit() {
    const email = `rev.${++slot}.${dialect}@example.org`;
    const order = await insertTestOrder(db(), { status: "scheduled", email });
    const start = 8 + 2 * slot;
    const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;
    const visit = await request(
      store,
      "POST",
      `/api/admin/orders/${order.id}/visits`,
      {
        kind: "measure",
        date: storeToday(),
        start: hh(start),
        end: hh(start + 2),
        staffId: installer.id,
      },
      { cookie: owner },
    );
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    return { order, email, visitId: visit.body.id as number };
  }

  const etagOf = async (path: string, cookie = installer.cookie) => {
    const res = await request(store, "GET", path, undefined, { cookie });
    expect(res.status).toBe(200);
    const tag = res.headers.get("etag");
    expect(tag).toMatch(/^"[0-9a-f]{16}"$/);
    return tag as string;
  };

  async function emailsTo(address: string) {
    return (
      await db().selectFrom("email_outbox").select("id").where("to_address", "=", address).execute()
    ).length;
  }

  it("lets on my way through with the visit's revision and refuses it once the office moved the visit", async () => {
    const { visitId, email } = await todaysVisit();
    const path = `/api/admin/visits/${visitId}`;
    const first = await etagOf(path);
    const sent = await request(
      store,
      "POST",
      `${path}/on-my-way`,
      { minutes: 15 },
      {
        cookie: installer.cookie,
        "if-match": first,
      },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    // On my way is the installer's own: the visit's revision stays.
    expect(sent.headers.get("etag")).toBe(first);
    expect(await etagOf(path)).toBe(first);

    const moved = await request(
      store,
      "PATCH",
      path,
      { start: "18:00", end: "20:00" },
      { cookie: owner },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const now = await etagOf(path);
    expect(now).not.toBe(first);
    const before = await emailsTo(email);
    const stale = await request(
      store,
      "POST",
      `${path}/arrived`,
      {},
      {
        cookie: installer.cookie,
        "if-match": first,
      },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("stale_revision");
    expect(stale.body.error.message).toMatch(/office changed this visit/);
    expect(`"${stale.body.error.revision}"`).toBe(now);
    expect(stale.body.error.current).toMatchObject({ start: "18:00", end: "20:00" });
    expect(stale.headers.get("etag")).toBe(now);
    const row = await db()
      .selectFrom("visits")
      .select("arrived_at")
      .where("id", "=", visitId)
      .executeTakeFirstOrThrow();
    expect(row.arrived_at).toBeNull();
    expect(await emailsTo(email)).toBe(before);
    // Without If-Match the route behaves as before.
    const plain = await request(store, "POST", `${path}/arrived`, {}, { cookie: installer.cookie });
    expect(plain.status).toBeLessThan(300);
  });

  it("refuses a payment made from an order the office changed since, records nothing", async () => {
    const { order } = await todaysVisit();
    const path = `/api/admin/orders/${order.id}`;
    const first = await etagOf(path, owner);
    const paid = await request(
      store,
      "POST",
      `${path}/payments`,
      { amount: 20, method: "cash" },
      {
        cookie: installer.cookie,
        "if-match": first,
      },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    // A payment changes the balance, not the order's revision.
    expect(await etagOf(path, owner)).toBe(first);
    // Another order: the office cancels it after the phone read it.
    const other = await todaysVisit();
    const otherPath = `/api/admin/orders/${other.order.id}`;
    const read = await etagOf(otherPath, owner);
    const cancelled = await request(
      store,
      "POST",
      `${otherPath}/status`,
      { status: "cancelled", note: "Customer called" },
      { cookie: owner },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const stale = await request(
      store,
      "POST",
      `${otherPath}/payments`,
      { amount: 20, method: "cash" },
      { cookie: installer.cookie, "if-match": read },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("stale_revision");
    expect(stale.body.error.current.status).toBe("cancelled");
    const payments = await db()
      .selectFrom("payments")
      .select("id")
      .where("order_id", "in", [order.id, other.order.id])
      .execute();
    expect(payments).toHaveLength(1);
  });

  it("refuses a quote change made from an older revision; a repeat of the change that moved it replays", async () => {
    const created = await request(
      store,
      "POST",
      "/api/admin/quotes",
      { customer: SAMPLE_QUOTE_CUSTOMER, items: [{ ...VINYL_INSTALLED, roomLabel: "Kitchen" }] },
      { cookie: owner },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const path = `/api/admin/quotes/${created.body.id}`;
    const first = await etagOf(path, owner);
    const headers = { cookie: owner, "if-match": first, "idempotency-key": "quote-note-1" };
    const changed = await request(
      store,
      "PATCH",
      path,
      { note: "Valance in the kitchen" },
      headers,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.revision).toBe(2);
    const second = changed.headers.get("etag");
    expect(second).not.toBe(first);
    expect(await etagOf(path, owner)).toBe(second);
    // The phone sends it again (no answer came): the first answer, not a stale refusal.
    const again = await request(store, "PATCH", path, { note: "Valance in the kitchen" }, headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(changed.body);
    // Another change made from revision 1 is refused and changes nothing.
    const stale = await request(
      store,
      "PATCH",
      path,
      { note: "Something else" },
      { cookie: owner, "if-match": first },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.current).toEqual({ revision: 2 });
    const detail = await request(store, "GET", path, undefined, { cookie: owner });
    expect(detail.body.note).toBe("Valance in the kitchen");
  });

  it("refuses an If-Match that is no revision (400) and takes * as any", async () => {
    const { visitId } = await todaysVisit();
    const path = `/api/admin/visits/${visitId}/arrived`;
    const bad = await request(
      store,
      "POST",
      path,
      {},
      { cookie: installer.cookie, "if-match": "abc" },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/If-Match/);
    const any = await request(
      store,
      "POST",
      path,
      {},
      { cookie: installer.cookie, "if-match": "*" },
    );
    expect(any.status).toBeLessThan(300);
  });
});
