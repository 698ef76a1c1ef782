/**
 * Migration 0020: bookings written with the old schema (their own table, a text
 * consent and queued texts and emails naming the booking) come out as visits, source online,
 * with the same reference, UID, SEQUENCE, status, installer, reminder mark and links; the
 * customer's page, the office's list and a cancellation work on them afterwards; an office
 * visit keeps its id. `down` gives the bookings back.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "../../../server/db/migrate";
import { randomReference } from "../../../server/random-reference";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const BEFORE = "0019-outbox-claim-order";
const FUTURE = "2031-03-04";

describeEachDialect("migration 0020 on %s", (dialect) => {
  it("moves every booking into visits and keeps what named it", async () => {
    const store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    try {
      const cookie = await loginCookie(store);
      const installer = await addWorkingStaff(store, cookie, "installer");
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      const at = new Date().toISOString();
      // An office visit on the order, as the old schema had them.
      const officeVisit = await request(
        store,
        "POST",
        `/api/admin/orders/${order.id}/visits`,
        { kind: "install", date: FUTURE, start: "13:00", end: "15:00", staffId: installer.id },
        { cookie },
      );
      expect(officeVisit.status).toBe(201);

      await migrateTo(store.services.db, BEFORE);
      // The old schema, untyped: the application's types describe the new one.
      const old = store.services.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      // Sorted, so that rows and visits read in the same order.
      const references = [randomReference(), randomReference(), randomReference()].sort();
      const booking = (n: number, extra: Record<string, unknown>) => ({
        reference: references[n - 1] ?? "",
        status: "scheduled",
        visit_date: FUTURE,
        start_time: "08:00",
        end_time: "10:00",
        staff_id: installer.id,
        first_name: "Ana",
        last_name: `Old ${n}`,
        email: `old${n}@example.com`,
        phone: "(239) 555-0199",
        address: `${n} Palm Ave`,
        city: "Cape Coral",
        zip_code: "33904",
        note: null,
        text_reminders: 0,
        estimate_request_id: null,
        order_id: null,
        uid: `${randomUUID()}@example.com`,
        sequence: 0,
        created_at: at,
        updated_at: at,
        ...extra,
      });
      const rows = [
        booking(1, { text_reminders: 1, note: "Gate code 42", sequence: 2 }),
        booking(2, { status: "cancelled", start_time: "10:00", end_time: "12:00" }),
        booking(3, {
          order_id: order.id,
          start_time: "10:00",
          end_time: "12:00",
          reminder_sent_at: at,
        }),
      ];
      const ids: number[] = [];
      for (const row of rows) {
        const inserted = await old
          .insertInto("bookings")
          .values(row)
          .returning("id")
          .executeTakeFirstOrThrow();
        ids.push(Number(inserted.id));
      }
      const [firstId] = ids;
      await old
        .insertInto("text_consents")
        .values({
          phone: "(239) 555-0199",
          words: "Text me about my appointments",
          source: "booking",
          booking_id: firstId,
          order_id: null,
          client_address: "192.0.2.20",
          consented_at: at,
        })
        .execute();
      await old
        .insertInto("text_outbox")
        .values({
          kind: "reminder",
          to_phone: "(239) 555-0199",
          body: "Reminder",
          related_type: "booking",
          related_id: firstId,
          status: "pending",
          attempts: 0,
          next_attempt_at: at,
          created_at: at,
        })
        .execute();

      await migrateToLatest(store.services.db);

      const db = store.services.db;
      const visits = await db
        .selectFrom("visits")
        .selectAll()
        .where("reference", "in", references)
        .orderBy("reference")
        .execute();
      expect(
        visits.map((v) => ({
          reference: v.reference,
          source: v.source,
          kind: v.kind,
          status: v.status,
          staffId: v.staff_id,
          orderId: v.order_id,
          uid: v.uid,
          sequence: v.sequence,
          start: v.start_time,
          texts: Number(v.text_reminders),
          note: v.note,
          lastName: v.last_name,
          reminded: v.reminder_sent_at !== null,
        })),
      ).toEqual(
        rows.map((r) => ({
          reference: r.reference,
          source: "online",
          kind: "measure",
          status: r.status,
          staffId: installer.id,
          orderId: r.order_id,
          uid: r.uid,
          sequence: r.sequence,
          start: r.start_time,
          texts: r.text_reminders,
          note: r.note,
          lastName: r.last_name,
          reminded: "reminder_sent_at" in r,
        })),
      );
      const first = visits[0];
      if (!first) throw new Error("no visit");
      const consent = await db
        .selectFrom("text_consents")
        .select("visit_id")
        .where("client_address", "=", "192.0.2.20")
        .executeTakeFirstOrThrow();
      expect(consent.visit_id).toBe(first.id);
      const text = await db
        .selectFrom("text_outbox")
        .select(["related_type", "related_id"])
        .where("body", "=", "Reminder")
        .executeTakeFirstOrThrow();
      expect(text).toMatchObject({ related_type: "visit", related_id: first.id });
      // The office's visit kept its id and is the office's.
      const office = await db
        .selectFrom("visits")
        .select(["source", "order_id"])
        .where("id", "=", officeVisit.body.id)
        .executeTakeFirstOrThrow();
      expect(office).toMatchObject({ source: "office", order_id: order.id });

      // Afterwards the one row serves the customer's page, the office's list and a cancel.
      const page = await request(store, "GET", `/api/bookings/${first.reference}`);
      expect(page.body).toMatchObject({ date: FUTURE, start: "08:00", status: "scheduled" });
      const listed = await request(
        store,
        "GET",
        `/api/admin/visits?from=${FUTURE}&to=${FUTURE}`,
        undefined,
        { cookie },
      );
      expect(
        listed.body
          .filter((v: { source: string }) => v.source === "online")
          .map((v: { reference: string }) => v.reference)
          .sort(),
      ).toEqual(rows.map((r) => r.reference));
      const cancelled = await request(
        store,
        "POST",
        `/api/bookings/${first.reference}/cancel`,
        undefined,
        { "x-forwarded-for": "192.0.2.21" },
      );
      expect(cancelled.status).toBe(200);
      const after = await db
        .selectFrom("visits")
        .select(["status", "sequence"])
        .where("id", "=", first.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ status: "cancelled", sequence: 3 });

      // Down again: the booked visits are bookings once more, the office's visit stays.
      await migrateTo(db, BEFORE);
      const back = await old
        .selectFrom("bookings")
        .select(["reference", "status", "order_id"])
        .orderBy("reference")
        .execute();
      expect(back.map((b) => b.reference)).toEqual(rows.map((r) => r.reference));
      expect(back.map((b) => b.status)).toEqual(["cancelled", "cancelled", "scheduled"]);
      expect(Number(back[2]?.order_id)).toBe(order.id);
      const consentBack = await old
        .selectFrom("text_consents")
        .select("booking_id")
        .where("client_address", "=", "192.0.2.20")
        .executeTakeFirstOrThrow();
      expect(consentBack.booking_id).not.toBeNull();
      const officeBack = await old.selectFrom("visits").select("id").execute();
      expect(officeBack.map((v) => Number(v.id))).toEqual([officeVisit.body.id]);
      await migrateToLatest(db);
    } finally {
      await store.close();
    }
  });
});
