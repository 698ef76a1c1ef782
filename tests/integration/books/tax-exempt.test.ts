/**
 * On both databases: a tax-exempt church order (DECISIONS "Profit per job", tax-exempt
 * customers). PATCH /api/admin/orders/:id { taxExemption } checks the certificate's format and
 * date, makes the tax 0 before production (409 after), prints the certificate on the receipts,
 * and the DR-15 figures list the exempt sale apart. The order page shows owners its margin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, storeToday } from "../../../domain/scheduling/visit-time";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

describeEachDialect("tax-exempt orders on %s", (dialect) => {
  let store: PageTestStore;
  let owner: string;
  const call = (method: string, path: string, body?: unknown, cookie = owner) =>
    request(store, method, path, body, { cookie });
  const page = async (path: string, cookie = owner) => {
    const res = await store.app.request(path, { headers: { cookie } });
    return { status: res.status, html: textOf(await res.text()) };
  };
  const church = {
    type: "nonprofit",
    certificateNumber: "85-8012345678C-1",
    expires: addDays(storeToday(), 200),
  };

  beforeAll(async () => {
    store = await createPageTestStore(dialect);
    owner = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  describe("PATCH /api/admin/orders/:id", () => {
    it("refuses a bad certificate (400 naming the field) and an expired one with its date", async () => {
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      const path = `/api/admin/orders/${order.id}`;
      const cases: [unknown, string][] = [
        [{ ...church, certificateNumber: "123" }, "taxExemption.certificateNumber"],
        [{ ...church, certificateNumber: "85 8012 3456" }, "taxExemption.certificateNumber"],
        [{ ...church, type: "church" }, "taxExemption.type"],
        [{ ...church, expires: "next year" }, "taxExemption.expires"],
      ];
      for (const [taxExemption, field] of cases) {
        const res = await call("PATCH", path, { taxExemption });
        expect(res.status, JSON.stringify(taxExemption)).toBe(400);
        expect(Object.keys(res.body.error.fields)).toEqual([field]);
      }
      const yesterday = addDays(storeToday(), -1);
      const expired = await call("PATCH", path, {
        taxExemption: { ...church, expires: yesterday },
      });
      expect(expired.status).toBe(400);
      expect(expired.body.error.message).toContain(`expired on ${yesterday}`);
      expect(Object.keys(expired.body.error.fields)).toEqual(["taxExemption.expires"]);
      const today = await call("PATCH", path, {
        taxExemption: { ...church, expires: storeToday() },
      });
      expect(today.status).toBe(200);
    });

    it("a church order: tax 0 and a lower total, taxed again when removed, 409 in production", async () => {
      const order = await insertTestOrder(store.services.db, { status: "confirmed" });
      const path = `/api/admin/orders/${order.id}`;
      const before = (await call("GET", path)).body;
      expect(before.tax).toBeGreaterThan(0);
      const exempt = await call("PATCH", path, { taxExemption: church });
      expect(exempt.status).toBe(200);
      // A cart order's deposit is no percent of its total: it stays as it was.
      const kept = await store.services.db
        .selectFrom("orders")
        .select("deposit_cents")
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      expect(Number(kept.deposit_cents)).toBe(0);
      expect(exempt.body).toMatchObject({
        tax: 0,
        total_amount: Math.round((before.total_amount - before.tax) * 100) / 100,
        tax_exemption: { type: "nonprofit", certificateNumber: "85-8012345678C-1" },
      });
      const office = await addWorkingStaff(store, owner, "office");
      const taxed = await call("PATCH", path, { taxExemption: null }, office.cookie);
      expect(taxed.status).toBe(200);
      expect(taxed.body).toMatchObject({
        tax: before.tax,
        total_amount: before.total_amount,
        tax_exemption: null,
      });
      const installer = await addWorkingStaff(store, owner, "installer");
      expect((await call("PATCH", path, { taxExemption: church }, installer.cookie)).status).toBe(
        403,
      );

      const made = await insertTestOrder(store.services.db, { status: "in_production" });
      const late = await call("PATCH", `/api/admin/orders/${made.id}`, { taxExemption: church });
      expect(late.status).toBe(409);
      expect(late.body.error.message).toContain("in production");
      expect(
        (await call("PATCH", "/api/admin/orders/999999", { taxExemption: church })).status,
      ).toBe(404);
    });
  });

  it("the completed church order: certificate on both receipts, exempt sales apart in DR-15, margin on its page", async () => {
    const db = store.services.db;
    const order = await insertTestOrder(db, {
      status: "confirmed",
      items: [{ unitPriceCents: 50_000, quantity: 1 }],
    });
    const today = storeToday();
    const reportBefore = (await call("GET", `/api/admin/reports?from=${today}&to=${today}`)).body;
    expect(
      (await call("PATCH", `/api/admin/orders/${order.id}`, { taxExemption: church })).status,
    ).toBe(200);
    await db
      .updateTable("orders")
      .set({ status: "completed" })
      .where("id", "=", order.id)
      .execute();
    await db
      .insertInto("order_status_history")
      .values({
        order_id: order.id,
        from_status: "scheduled",
        to_status: "completed",
        note: null,
        actor: "admin",
        changed_at: new Date().toISOString(),
      })
      .execute();

    const report = (await call("GET", `/api/admin/reports?from=${today}&to=${today}`)).body;
    expect(report.salesTax.taxExemptSales - reportBefore.salesTax.taxExemptSales).toBe(500);
    expect(report.salesTax.exemptSales - reportBefore.salesTax.exemptSales).toBe(500);
    expect(report.salesTax.taxable).toBe(reportBefore.salesTax.taxable);
    expect(report.salesTax.tax).toBe(reportBefore.salesTax.tax);

    const line = "certificate 85-8012345678C-1";
    const admin = await page(`/admin/orders/${order.id}/receipt`);
    expect(admin.status).toBe(200);
    expect(admin.html).toContain("Tax-exempt: Nonprofit");
    expect(admin.html).toContain(line);
    const customer = await page(`/orders/${order.reference}/receipt`, "");
    expect(customer.status).toBe(200);
    expect(customer.html).toContain(line);

    // The order page: owners see the margin (no costs yet: the revenue), the office doesn't.
    const own = await page(`/admin/orders/${order.id}`);
    expect(own.status).toBe(200);
    expect(own.html).toMatch(/<h2[^>]*>Margin<\/h2>/);
    expect(own.html).toContain("$500.00");
    // /admin/reports: the margin per order with its chart, and the journals' preview and links.
    const reports = await page(`/admin/reports?from=${today}&to=${today}`);
    expect(reports.status).toBe(200);
    expect(reports.html).toContain("Margin of the completed orders");
    expect(reports.html).toContain("<title");
    expect(reports.html).toContain(`#${order.orderNumber}`);
    expect(reports.html).toContain(`INV-${order.orderNumber}`);
    expect(reports.html).toContain(`/api/admin/reports/export?format=iif&from=${today}`);
    const office = await addWorkingStaff(store, owner, "office");
    const theirs = await page(`/admin/orders/${order.id}`, office.cookie);
    expect(theirs.status).toBe(200);
    expect(theirs.html).not.toMatch(/<h2[^>]*>Margin<\/h2>/);
  });
});
