/**
 * Measurements on a visit (decision 524): six windows recorded on a measurement visit, two of
 * them in shallow wells, with the ordering size by the trade's rule; a repeat POST replaces the
 * list; an installer measures only his own visits; bad input is a 400 naming the field.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("visit measurements on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  let installer: Awaited<ReturnType<typeof addWorkingStaff>>;
  let other: Awaited<ReturnType<typeof addWorkingStaff>>;
  let serial = 0;
  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
    installer = await addWorkingStaff(store, owner, "installer");
    other = await addWorkingStaff(store, owner, "installer");
  });
  afterAll(async () => {
    await store?.close();
  });

  async function visit(kind: "measure" | "install", staffId: number | null) {
    const at = new Date().toISOString();
    const n = ++serial;
    const row = await store.services.db
      .insertInto("visits")
      .values({
        order_id: null,
        kind,
        status: "scheduled",
        // One visit a day: an installer has one visit per window.
        visit_date: `2027-01-${String(n).padStart(2, "0")}`,
        start_time: "08:00",
        end_time: "10:00",
        staff_id: staffId,
        uid: `measure-${n}-${dialect}@example.com`,
        sequence: 0,
        created_at: at,
        updated_at: at,
        source: "online",
        reference: `MEASURE${n}${dialect.toUpperCase()}`,
        first_name: "Mia",
        last_name: "Measure",
        email: "mia@example.com",
        phone: "(239) 555-0102",
        address: "4 Palm Way",
        city: "Fort Myers",
        zip_code: "33901",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const SIX = [
    {
      room: "Kitchen",
      productType: "vinyl",
      mount: "inside",
      widths: [35.25, 35, 35.125],
      heights: [60.5, 60.25, 60.375],
      depth: 3.5,
    },
    {
      room: "Living room",
      productType: "zebra-shades",
      mount: "inside",
      widths: [48, 47.875, 48],
      heights: [72, 72.25, 72.125],
      depth: 2.5,
    },
    {
      room: "Bedroom",
      productType: "standard-shutters",
      mount: "inside",
      widths: [30, 30.125, 30],
      heights: [50, 49.875, 50],
      depth: 2,
    },
    {
      room: "Office",
      productType: "aluminum",
      mount: "outside",
      widths: [40, 40.5, 40.25],
      heights: [55, 55.125, 55],
      note: "Over the trim",
    },
    {
      room: "Patio door",
      productType: "vinyl",
      mount: "outside",
      widths: [96, 96.25, 96.125],
      heights: [84, 84, 84.5],
    },
    { room: "Bath", mount: "inside", widths: [24, 24, 23.875], heights: [36, 36, 36] },
  ];

  it("records six windows with their ordering sizes and flags two shallow wells", async () => {
    const id = await visit("measure", installer.id);
    const res = await request(
      store,
      "POST",
      `/api/admin/visits/${id}/measurements`,
      { windows: SIX },
      { cookie: installer.cookie },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(
      res.body.windows.map(
        (w: { room: string; orderWidth: number; orderHeight: number; flags: string[] }) => [
          w.room,
          w.orderWidth,
          w.orderHeight,
          w.flags,
        ],
      ),
    ).toEqual([
      ["Kitchen", 35, 60.25, []],
      ["Living room", 47.875, 72.25, ["shallow"]],
      ["Bedroom", 30, 49.875, ["shallow"]],
      ["Office", 40.5, 55.125, []],
      ["Patio door", 96.25, 84.5, []],
      ["Bath", 23.875, 36, []],
    ]);
    expect(res.body.windows[3]).toMatchObject({
      note: "Over the trim",
      mount: "outside",
      productType: "aluminum",
    });
    expect(res.body.windows[5].productType).toBeNull();
    const read = await request(store, "GET", `/api/admin/visits/${id}/measurements`, undefined, {
      cookie: owner,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("a repeat POST replaces the list", async () => {
    const id = await visit("measure", installer.id);
    await request(
      store,
      "POST",
      `/api/admin/visits/${id}/measurements`,
      { windows: SIX },
      { cookie: owner },
    );
    const again = await request(
      store,
      "POST",
      `/api/admin/visits/${id}/measurements`,
      { windows: [SIX[0]] },
      { cookie: owner },
    );
    expect(again.status).toBe(201);
    const read = await request(store, "GET", `/api/admin/visits/${id}/measurements`, undefined, {
      cookie: owner,
    });
    expect(read.body.windows.map((w: { room: string }) => w.room)).toEqual(["Kitchen"]);
  });

  it("two saves of one visit at once leave one whole list, never a 500", async () => {
    const id = await visit("measure", installer.id);
    const results = await Promise.all(
      [SIX, SIX.slice(0, 2), SIX.slice(0, 4)].map((windows) =>
        request(
          store,
          "POST",
          `/api/admin/visits/${id}/measurements`,
          { windows },
          { cookie: owner },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const read = await request(store, "GET", `/api/admin/visits/${id}/measurements`, undefined, {
      cookie: owner,
    });
    expect([6, 2, 4]).toContain(read.body.windows.length);
  });

  it("an installer measures only his own visits; an installation visit is not measured", async () => {
    const his = await visit("measure", other.id);
    for (const method of ["GET", "POST"] as const) {
      const res = await request(
        store,
        method,
        `/api/admin/visits/${his}/measurements`,
        method === "POST" ? { windows: SIX } : undefined,
        { cookie: installer.cookie },
      );
      expect(res.status).toBe(404);
    }
    const install = await visit("install", installer.id);
    const res = await request(
      store,
      "POST",
      `/api/admin/visits/${install}/measurements`,
      { windows: SIX },
      { cookie: installer.cookie },
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/measurement visit/);
    expect(
      (
        await request(store, "GET", "/api/admin/visits/999999/measurements", undefined, {
          cookie: owner,
        })
      ).status,
    ).toBe(404);
    expect((await request(store, "GET", `/api/admin/visits/${his}/measurements`)).status).toBe(401);
  });

  it("refuses bad input with a 400 naming the field, and stores nothing", async () => {
    const id = await visit("measure", installer.id);
    const res = await request(
      store,
      "POST",
      `/api/admin/visits/${id}/measurements`,
      { windows: [SIX[0], { ...SIX[1], widths: [48, 48] }] },
      { cookie: owner },
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toMatch(/windows\.1\.widths|three measurements/);
    const read = await request(store, "GET", `/api/admin/visits/${id}/measurements`, undefined, {
      cookie: owner,
    });
    expect(read.body.windows).toEqual([]);
  });

  it("a quote starts from the measurements: one line per window that names a product", async () => {
    const id = await visit("measure", installer.id);
    await request(
      store,
      "POST",
      `/api/admin/visits/${id}/measurements`,
      { windows: SIX },
      { cookie: installer.cookie },
    );
    const res = await request(
      store,
      "POST",
      "/api/admin/quotes",
      { visitId: id, fromMeasurements: true },
      { cookie: installer.cookie },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.customer).toMatchObject({ firstName: "Mia", lastName: "Measure" });
    const lines = res.body.items.map(
      (i: { roomLabel: string; width: number; height: number; details: string[] }) => [
        i.roomLabel,
        i.width,
        i.height,
        i.details.includes("Professional installation included"),
        i.details.find((d) => /^(Inside|Outside) mount$/.test(d)),
      ],
    );
    // The bath names no product: five lines, at the ordering sizes, installed.
    expect(lines).toEqual([
      ["Kitchen", 35, 60.25, true, "Inside mount"],
      ["Living room", 47.875, 72.25, true, "Inside mount"],
      ["Bedroom", 30, 49.875, true, "Inside mount"],
      ["Office", 40.5, 55.125, true, "Outside mount"],
      ["Patio door", 96.25, 84.5, true, "Outside mount"],
    ]);
    const none = await visit("measure", installer.id);
    await request(
      store,
      "POST",
      `/api/admin/visits/${none}/measurements`,
      { windows: [SIX[5]] },
      { cookie: owner },
    );
    const refused = await request(
      store,
      "POST",
      "/api/admin/quotes",
      { visitId: none, fromMeasurements: true },
      { cookie: owner },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/names a product/);
    const wide = await visit("measure", installer.id);
    await request(
      store,
      "POST",
      `/api/admin/visits/${wide}/measurements`,
      { windows: [{ ...SIX[1], mount: "outside", widths: [100, 100, 100] }] },
      { cookie: owner },
    );
    const tooWide = await request(
      store,
      "POST",
      "/api/admin/quotes",
      { visitId: wide, fromMeasurements: true },
      { cookie: owner },
    );
    expect(tooWide.status).toBe(409);
    expect(tooWide.body.error.message).toMatch(/Living room \(100" W/);
    // Another installer's visit is not his to quote.
    const his = await visit("measure", other.id);
    const notHis = await request(
      store,
      "POST",
      "/api/admin/quotes",
      { visitId: his, fromMeasurements: true },
      { cookie: installer.cookie },
    );
    expect([403, 404]).toContain(notHis.status);
    const unknown = await request(
      store,
      "POST",
      "/api/admin/quotes",
      { visitId: 999999, fromMeasurements: true },
      { cookie: owner },
    );
    expect(unknown.status).toBe(404);
  });
});
