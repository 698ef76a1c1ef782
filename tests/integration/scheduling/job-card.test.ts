/**
 * The installer's job card and its API. "On my way" belongs to the visit's day: a visit of another day answers 409 with the visit's date
 * and tells the customer nothing, on the API and on the job card, which offers the buttons only
 * on that day. The close-out's checklist starts with nothing ticked: he ticks what he did, and
 * an item left unticked is refused at the item, never reported installed.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { addDays, storeToday } from "../../../domain/scheduling/visit-time";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("on my way, only on the visit's day, on %s", (dialect) => {
  let store: PageTestStore;
  let owner: string;
  let installer: { id: number; cookie: string };

  beforeAll(async () => {
    store = await createPageTestStore(dialect);
    owner = await loginCookie(store);
    installer = await addWorkingStaff(store, owner, "installer");
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(() => {
    store.sentEmails.length = 0;
  });

  let slot = 0;
  /** A visit of the installer's on `date`, each in its own two hours (no overlap). */
  async function visitOn(date: string, kind = "measure"): Promise<number> {
    const start = 8 + 2 * (slot++ % 5);
    const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;
    const order = await insertTestOrder(store.services.db, { status: "confirmed" });
    const visit = await request(
      store,
      "POST",
      `/api/admin/orders/${order.id}/visits`,
      { kind, date, start: hh(start), end: hh(start + 2), staffId: installer.id },
      { cookie: owner },
    );
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    return visit.body.id as number;
  }

  const onMyWay = (visitId: number) =>
    request(
      store,
      "POST",
      `/api/admin/visits/${visitId}/on-my-way`,
      { minutes: 30 },
      { cookie: installer.cookie },
    );

  it("refuses a visit a week away with 409 and the visit's date, and sends nothing", async () => {
    const later = await visitOn(addDays(storeToday(), 7));
    const refused = await onMyWay(later);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/day of the visit; this visit is on \w+day/);
    expect(store.sentEmails.filter((e) => e.subject.includes("minutes"))).toHaveLength(0);

    const yesterday = await visitOn(addDays(storeToday(), -1));
    expect((await onMyWay(yesterday)).status).toBe(409);
  });

  it("sends it for today's visit (202)", async () => {
    const today = await visitOn(storeToday());
    expect((await onMyWay(today)).status).toBe(202);
  });

  it("offers the buttons on the job card only on the visit's day", async () => {
    const card = async (id: number) => {
      const res = await store.app.request(`/admin/visits/${id}`, {
        headers: { cookie: installer.cookie },
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const later = await card(await visitOn(addDays(storeToday(), 7)));
    expect(later).not.toContain("On my way, arriving in 30 minutes");
    expect(later).toContain("is offered on the day of the visit");
    expect(await card(await visitOn(storeToday()))).toContain("On my way, arriving in 30 minutes");
  });

  it("offers the buttons on a booked visit's card (no order yet) only on the visit's day", async () => {
    const booked = async (date: string) => {
      const at = new Date().toISOString();
      const start = 8 + 2 * (slot++ % 5);
      const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;
      const row = await store.services.db
        .insertInto("visits")
        .values({
          order_id: null,
          kind: "measure",
          status: "scheduled",
          visit_date: date,
          start_time: hh(start),
          end_time: hh(start + 2),
          staff_id: installer.id,
          uid: `booked-${date}-${start}-${dialect}@example.com`,
          sequence: 0,
          created_at: at,
          updated_at: at,
          source: "online",
          reference: `BOOKED${date.replaceAll("-", "")}${start}`,
          first_name: "Bo",
          last_name: "Oked",
          email: "booked@example.com",
          phone: "(239) 555-0101",
          address: "3 Palm Way",
          city: "Fort Myers",
          zip_code: "33901",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const res = await store.app.request(`/admin/visits/${row.id}`, {
        headers: { cookie: installer.cookie },
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Booked online");
      return html;
    };
    const later = await booked(addDays(storeToday(), 7));
    expect(later).not.toContain("On my way, arriving in 30 minutes");
    expect(later).toContain("is offered on the day of the visit");
    const yesterday = await booked(addDays(storeToday(), -1));
    expect(yesterday).not.toContain("On my way, arriving in 30 minutes");
    expect(await booked(storeToday())).toContain("On my way, arriving in 30 minutes");
  });

  it("starts the close-out checklist unticked, each item a choice of Installed or Problem", async () => {
    const id = await visitOn(storeToday(), "install");
    const res = await store.app.request(`/admin/visits/${id}`, {
      headers: { cookie: installer.cookie },
    });
    const html = await res.text();
    const radios = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) => m[0]);
    expect(radios.filter((r) => /name="status-\d+"/.test(r))).toHaveLength(2);
    expect(radios.filter((r) => /\schecked(=""|\s|>)/.test(r))).toEqual([]);
    expect(html).toContain('role="radiogroup"');
  });
});
