/**
 * On both databases: GET /api/admin/reports/export?format=qbo|xero|iif (owners). The month's
 * QuickBooks Online and Xero files parse with csv-parse strict, IIF has its !TRNS/!SPL/!ENDTRNS
 * blocks, and every transaction of every file sums to zero; customers are named once.
 */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, expect, it } from "vitest";
import { storeToday } from "../../../domain/scheduling/visit-time";
import { addWorkingStaff, insertTestOrder, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const strict = {
  bom: true,
  relax_quotes: false,
  relax_column_count: false,
  columns: true,
} as const;

function cents(text: string): number {
  return text === "" ? 0 : Math.round(Number(text) * 100);
}

function sumsBy<T>(rows: readonly T[], key: (r: T) => string, amount: (r: T) => number) {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(key(r), (sums.get(key(r)) ?? 0) + amount(r));
  return sums;
}

describeEachDialect("the bookkeeper's export on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  const today = storeToday();
  const path = (format: string) =>
    `/api/admin/reports/export?format=${format}&from=${today}&to=${today}`;
  const get = async (p: string, cookie = owner) => {
    const res = await store.app.request(p, { headers: { cookie } });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };

  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
    const db = store.services.db;
    // Two orders of one customer (spelt two ways), one with delivery; a payment and a refund.
    const a = await insertTestOrder(db, {
      status: "confirmed",
      firstName: "Grace",
      lastName: "Church",
      email: "office@grace.example.org",
      items: [{ unitPriceCents: 42_400 }],
    });
    await insertTestOrder(db, {
      status: "confirmed",
      firstName: "Grace Community",
      lastName: "Church",
      email: "Office@Grace.example.org",
      items: [{ unitPriceCents: 5_400 }],
    });
    for (const amount of [200, -20.5]) {
      const paid = await request(
        store,
        "POST",
        `/api/admin/orders/${a.id}/payments`,
        { amount, method: "check" },
        { cookie: owner },
      );
      expect(paid.status).toBe(201);
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  it("qbo: QuickBooks Online's journal CSV, each journal balanced, one name per customer", async () => {
    const res = await get(path("qbo"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const rows: Record<string, string>[] = parse(res.text, strict);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      "Journal No",
      "Journal Date",
      "Account",
      "Debits",
      "Credits",
      "Description",
      "Name",
    ]);
    const sums = sumsBy(
      rows,
      (r) => r["Journal No"] ?? "",
      (r) => cents(r.Debits ?? "") - cents(r.Credits ?? ""),
    );
    expect(sums.size).toBe(4);
    for (const [journal, sum] of sums) expect(sum, journal).toBe(0);
    expect(new Set(rows.map((r) => r.Name))).toEqual(new Set(["Grace Church"]));
    const accounts = rows.map((r) => r.Account);
    expect(accounts).toContain("Sales Tax Payable: Florida");
    expect(accounts).toContain("Sales Tax Payable: Lee County Surtax");
    expect(accounts).toContain("Delivery Income");
    const refund = rows.filter((r) => r["Journal No"]?.startsWith("REF-"));
    expect(refund.map((r) => [r.Account, r.Debits, r.Credits])).toEqual([
      ["Undeposited Funds", "", "20.50"],
      ["Accounts Receivable", "20.50", ""],
    ]);
  });

  it("xero: Xero's manual-journal CSV with signed amounts, each narration balanced", async () => {
    const res = await get(path("xero"));
    expect(res.status).toBe(200);
    const rows: Record<string, string>[] = parse(res.text, strict);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      "Narration",
      "Date",
      "Description",
      "AccountCode",
      "TaxRate",
      "Amount",
    ]);
    const sums = sumsBy(
      rows,
      (r) => r.Narration ?? "",
      (r) => cents(r.Amount ?? ""),
    );
    expect(sums.size).toBe(4);
    for (const [journal, sum] of sums) expect(sum, journal).toBe(0);
    expect(rows.every((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(r.Date ?? ""))).toBe(true);
  });

  it("iif: QuickBooks Desktop's !TRNS/!SPL/!ENDTRNS blocks, each summing to zero", async () => {
    const res = await get(path("iif"));
    expect(res.status).toBe(200);
    const lines = res.text.trimEnd().split("\r\n");
    expect(lines.slice(0, 3).map((l) => l.split("\t")[0])).toEqual(["!TRNS", "!SPL", "!ENDTRNS"]);
    let open: number | null = null;
    let blocks = 0;
    for (const line of lines.slice(3)) {
      const fields = line.split("\t");
      if (fields[0] === "TRNS") {
        expect(open).toBeNull();
        open = cents(fields[5] ?? "");
      } else if (fields[0] === "SPL") {
        expect(open).not.toBeNull();
        open = (open ?? 0) + cents(fields[5] ?? "");
      } else {
        expect(fields).toEqual(["ENDTRNS"]);
        expect(open).toBe(0);
        open = null;
        blocks++;
      }
      if (fields[0] !== "ENDTRNS") expect(fields).toHaveLength(8);
    }
    expect(blocks).toBe(4);
  });

  it("400 for another format or period, 403 to the office", async () => {
    expect((await get(path("csv"))).status).toBe(400);
    expect((await get(`/api/admin/reports/export?format=qbo&from=${today}`)).status).toBe(400);
    const office = await addWorkingStaff(store, owner, "office");
    expect((await get(path("qbo"), office.cookie)).status).toBe(403);
  });
});
