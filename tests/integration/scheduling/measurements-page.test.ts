/**
 * The job card's measuring (decision 524), through the page as the installer's phone posts it:
 * "Add a window" with sizes typed as "35 1/4", the list with its ordering size and flags,
 * "Remove", and a size that can't be read refused at its field with nothing stored.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("measuring on the job card on %s", (dialect) => {
  let store: PageTestStore;
  let installer: Awaited<ReturnType<typeof addWorkingStaff>>;
  let visitId: number;
  beforeAll(async () => {
    store = await createPageTestStore(dialect);
    const owner = await loginCookie(store);
    installer = await addWorkingStaff(store, owner, "installer");
    const at = new Date().toISOString();
    const row = await store.services.db
      .insertInto("visits")
      .values({
        order_id: null,
        kind: "measure",
        status: "scheduled",
        visit_date: "2027-02-01",
        start_time: "08:00",
        end_time: "10:00",
        staff_id: installer.id,
        uid: `measure-page-${dialect}@example.com`,
        sequence: 0,
        created_at: at,
        updated_at: at,
        source: "online",
        reference: `MEASUREPAGE${dialect.toUpperCase()}`,
        first_name: "Pia",
        last_name: "Page",
        email: "pia@example.com",
        phone: "(239) 555-0103",
        address: "5 Palm Way",
        city: "Fort Myers",
        zip_code: "33901",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    visitId = Number(row.id);
  });
  afterAll(async () => {
    await store?.close();
  });

  const post = async (fields: Record<string, string>) => {
    const res = await store.app.request(`/admin/visits/${visitId}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: installer.cookie,
      },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
  };
  const card = async () =>
    (
      await (
        await store.app.request(`/admin/visits/${visitId}`, {
          headers: { cookie: installer.cookie },
        })
      ).text()
    ).replaceAll("<!-- -->", "");
  const window = {
    intent: "measure-add",
    room: "Kitchen",
    productType: "zebra-shades",
    mount: "inside",
    "width-top": "35 1/4",
    "width-middle": "35",
    "width-bottom": "35⅛",
    "height-left": "60 1/2",
    "height-center": "60.25",
    "height-right": "60 3/8",
    depth: "2 1/2",
    note: "Alarm sensor top left",
  };

  it("adds a window typed as the installer types sizes, and shows its ordering size and flag", async () => {
    expect(await card()).toContain("No window measured yet.");
    const res = await post(window);
    expect(res.status).toBe(200);
    expect(res.html).toContain(
      "Kitchen saved: order 35&quot; W × 60 1/2&quot; H. Check it: shallow.",
    );
    const html = await card();
    expect(html).toContain("Measurements (1 window)");
    expect(html).toContain("Order 35&quot; W × 60 1/2&quot; H · inside mount");
    expect(html).toContain("Shallow well for an inside mount");
    expect(html).toContain("Alarm sensor top left");
  });

  it("refuses a size it can't read at its field and stores nothing", async () => {
    const res = await post({ ...window, room: "Bath", "height-left": "sixty" });
    expect(res.status).toBe(400);
    expect(res.html).toContain("Height (left): type inches like 36, 36.5 or 36 1/2.");
    const rows = await store.services.measurements.list(visitId);
    expect(rows.map((r) => r.room)).toEqual(["Kitchen"]);
  });

  it("removes a window", async () => {
    await post({ ...window, room: "Bedroom", productType: "vinyl", depth: "" });
    expect((await store.services.measurements.list(visitId)).map((r) => r.room)).toEqual([
      "Kitchen",
      "Bedroom",
    ]);
    const res = await post({ intent: "measure-remove", index: "0" });
    expect(res.html).toContain("Kitchen removed.");
    expect((await store.services.measurements.list(visitId)).map((r) => r.room)).toEqual([
      "Bedroom",
    ]);
  });

  it("starts a quote from these measurements and opens the new draft", async () => {
    expect(await card()).toContain("Start a quote from these measurements");
    const res = await store.app.request("/admin/quotes/new", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: installer.cookie,
      },
      body: new URLSearchParams({ intent: "from-measurements", visitId: String(visitId) }),
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/quotes\/\d+$/);
    const quote = await store.services.db
      .selectFrom("quotes")
      .select(["status", "visit_id"])
      .where("id", "=", Number(location.split("/").at(-1)))
      .executeTakeFirstOrThrow();
    expect(quote).toMatchObject({ status: "draft", visit_id: visitId });
    const draft = await (
      await store.app.request(location, { headers: { cookie: installer.cookie } })
    ).text();
    expect(draft).toContain("Bedroom");
  });
});
