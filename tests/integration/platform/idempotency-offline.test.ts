/**
 * What the phone's queue sends later (decision 584), on both databases: an arrival carries the
 * time the installer tapped, kept as the visit's arrival (never a time in the future or older
 * than the queue keeps a send); its repeat with the same key answers the first and moves
 * nothing; a plain call without a body still records now.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { storeToday } from "../../../domain/scheduling/visit-time";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("the phone's queued arrival on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  let installer: { id: number; cookie: string };
  let serial = 0;
  const db = () => store.services.db;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
    installer = await addWorkingStaff(store, owner, "installer");
  });
  afterAll(async () => {
    await store?.close();
  });

  /** Today's installation of a new order for the installer, in a window of its own. */
  async function visitToday(): Promise<number> {
    const n = ++serial;
    const order = await insertTestOrder(db(), {
      status: "scheduled",
      email: `arrive.${n}.${dialect}@example.org`,
    });
    const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;
    const visit = await request(
      store,
      "POST",
      `/api/admin/orders/${order.id}/visits`,
      {
        kind: "install",
        date: storeToday(),
        start: hh(6 + n),
        end: hh(7 + n),
        staffId: installer.id,
      },
      { cookie: owner },
    );
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    return visit.body.id as number;
  }

  async function arrivedAt(visitId: number): Promise<string | null> {
    const row = await db()
      .selectFrom("visits")
      .select("arrived_at")
      .where("id", "=", visitId)
      .executeTakeFirstOrThrow();
    return row.arrived_at;
  }

  const arrive = (visitId: number, body: unknown, key?: string) =>
    request(
      store,
      "POST",
      `/api/admin/visits/${visitId}/arrived`,
      body,
      key ? { cookie: installer.cookie, "idempotency-key": key } : { cookie: installer.cookie },
    );

  it("keeps the time he tapped, and answers its repeat with the first answer", async () => {
    const visitId = await visitToday();
    const tapped = new Date(Date.now() - 40 * 60_000).toISOString();
    const first = await arrive(visitId, { at: tapped }, "arrive-1");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ arrivedAt: tapped });
    expect(await arrivedAt(visitId)).toBe(tapped);
    const again = await arrive(visitId, { at: tapped }, "arrive-1");
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    // The first arrival counts: a later one (another key) moves nothing.
    const later = await arrive(visitId, { at: new Date().toISOString() }, "arrive-2");
    expect(later.body).toEqual({ arrivedAt: tapped });
    const visit = await request(store, "GET", `/api/admin/visits/${visitId}`, undefined, {
      cookie: installer.cookie,
    });
    expect(visit.body.arrivedAt).toBe(tapped);
  });

  it("refuses a time in the future or older than two days, naming at; records nothing", async () => {
    const visitId = await visitToday();
    for (const at of [
      new Date(Date.now() + 60 * 60_000).toISOString(),
      new Date(Date.now() - 49 * 3_600_000).toISOString(),
    ]) {
      const res = await arrive(visitId, { at });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/at must be the time you arrived/);
    }
    const malformed = await arrive(visitId, { at: "yesterday" });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toMatch(/ISO 8601/);
    expect(await arrivedAt(visitId)).toBeNull();
  });

  it("records now for a plain call without a body", async () => {
    const visitId = await visitToday();
    const before = Date.now();
    const res = await request(store, "POST", `/api/admin/visits/${visitId}/arrived`, undefined, {
      cookie: installer.cookie,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Date.parse(res.body.arrivedAt)).toBeGreaterThanOrEqual(before - 1000);
  });
});
