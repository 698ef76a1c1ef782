/**
 * On both databases: a tax-exempt quote (product rules "Profit per job", tax-exempt customers).
 * POST/PATCH /api/admin/quotes take `taxExemption` from the office and owners (403 for an
 * installer), check the number's format and the date (an expired certificate refused with its
 * date); the quote's totals carry no tax; its page, its PDF and the customer's page print the
 * certificate; the order made when it is accepted carries the exemption, tax 0 and the deposit of
 * the untaxed total; its receipt prints the certificate and the DR-15 figures list it apart.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateQuoteTotals } from "../../../domain/sales/quote";
import { addDays, storeToday } from "../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../domain/shared/money";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { SAMPLE_QUOTE_CUSTOMER, VINYL_INSTALLED } from "../../support/sample-items";
import { request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

/** poppler's pdftotext, from standard input, its line breaks as spaces. */
function pdfText(pdf: Buffer): string {
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], {
    input: pdf,
    encoding: "utf8",
  });
  return text.replace(/\s+/g, " ");
}

const CERTIFICATE = "85-8012345678C-1";

describeEachDialect("tax-exempt quotes on %s", (dialect) => {
  let store: PageTestStore;
  let owner: string;
  const church = () => ({
    type: "nonprofit",
    certificateNumber: CERTIFICATE.toLowerCase(),
    expires: addDays(storeToday(), 200),
  });
  const call = (method: string, path: string, body?: unknown, cookie = owner) =>
    request(store, method, path, body, { cookie });
  const page = async (path: string, cookie = owner) => {
    const res = await store.app.request(path, { headers: { cookie } });
    return { status: res.status, html: textOf(await res.text()) };
  };
  const items = [{ ...VINYL_INSTALLED, roomLabel: "Fellowship hall", quantity: 3 }];
  const newQuote = (extra: Record<string, unknown> = {}, cookie = owner) =>
    call(
      "POST",
      "/api/admin/quotes",
      { customer: SAMPLE_QUOTE_CUSTOMER, items, discountPercent: 5, ...extra },
      cookie,
    );
  /** The same items taxed: what the exemption takes off. */
  const taxed = () =>
    calculateQuoteTotals(
      [{ id: 1, unitPriceCents: 129_56, quantity: 3, optional: false }],
      { discountPercent: 5, depositPercent: 50 },
      store.config.business,
    );

  beforeAll(async () => {
    store = await createPageTestStore(dialect);
    owner = await loginCookie(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  describe("POST and PATCH /api/admin/quotes { taxExemption }", () => {
    it("refuses a bad certificate naming the field, an expired one with its date, an installer's", async () => {
      const cases: [unknown, string][] = [
        [{ ...church(), certificateNumber: "1234" }, "taxExemption.certificateNumber"],
        [{ ...church(), certificateNumber: "85 8012 3456" }, "taxExemption.certificateNumber"],
        [{ ...church(), type: "church" }, "taxExemption.type"],
        [{ ...church(), expires: "31/12/2027" }, "taxExemption.expires"],
      ];
      for (const [taxExemption, field] of cases) {
        const res = await newQuote({ taxExemption });
        expect(res.status, JSON.stringify(taxExemption)).toBe(400);
        expect(Object.keys(res.body.error.fields)).toEqual([field]);
      }
      const yesterday = addDays(storeToday(), -1);
      const expired = await newQuote({ taxExemption: { ...church(), expires: yesterday } });
      expect(expired.status).toBe(400);
      expect(expired.body.error.message).toContain(`expired on ${yesterday}`);
      expect(Object.keys(expired.body.error.fields)).toEqual(["taxExemption.expires"]);

      const installer = await addWorkingStaff(store, owner, "installer");
      const theirs = await newQuote({ taxExemption: church() }, installer.cookie);
      expect(theirs.status).toBe(403);
      expect(theirs.body.error.message).toContain("office and owners");
      const plain = await newQuote();
      expect(plain.status).toBe(201);
      const patched = await call(
        "PATCH",
        `/api/admin/quotes/${plain.body.id}`,
        { taxExemption: { ...church(), expires: yesterday } },
        owner,
      );
      expect(patched.status).toBe(400);
      expect(patched.body.error.message).toContain(`expired on ${yesterday}`);
    });

    it("an exempt quote has tax 0 and the deposit of the untaxed total; removed, it is taxed again", async () => {
      const t = taxed();
      expect(t.taxCents).toBeGreaterThan(0);
      const office = await addWorkingStaff(store, owner, "office");
      const made = await newQuote({ taxExemption: church() }, office.cookie);
      expect(made.status).toBe(201);
      const untaxed = t.totalCents - t.taxCents;
      expect(made.body).toMatchObject({
        taxExempt: true,
        taxExemption: { type: "nonprofit", certificateNumber: CERTIFICATE },
        totals: {
          tax: 0,
          total: untaxed / 100,
          deposit: Math.round(untaxed / 2) / 100,
        },
      });
      const path = `/api/admin/quotes/${made.body.id}`;
      const again = await call("PATCH", path, { taxExemption: null });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        taxExempt: false,
        taxExemption: null,
        totals: { tax: t.taxCents / 100, total: t.totalCents / 100 },
      });
      // A change that leaves the exemption out keeps it as it is.
      expect((await call("PATCH", path, { taxExemption: church() })).body.totals.tax).toBe(0);
      const noted = await call("PATCH", path, { note: "Side door first" });
      expect(noted.body).toMatchObject({ taxExempt: true, totals: { tax: 0 } });
    });

    it("a certificate that lapses after the quote was made: the quote is taxed and says why", async () => {
      const made = await newQuote({ taxExemption: church() });
      const lapsed = addDays(storeToday(), -3);
      await store.services.db
        .updateTable("quotes")
        .set({ tax_exempt_expires: lapsed })
        .where("id", "=", made.body.id)
        .execute();
      const quote = (await call("GET", `/api/admin/quotes/${made.body.id}`)).body;
      expect(quote).toMatchObject({ taxExempt: false, totals: { tax: taxed().taxCents / 100 } });
      const shown = await page(`/admin/quotes/${made.body.id}`);
      expect(shown.html).toContain(`expired on ${lapsed}: this quote is taxed`);
    });
  });

  it("the church's quote: certificate on its pages and PDF; accepted, the order is exempt to the receipt and DR-15", async () => {
    const db = store.services.db;
    const made = await newQuote({ taxExemption: church() });
    const id = made.body.id;
    expect((await call("POST", `/api/admin/quotes/${id}/send`)).status).toBe(200);
    const detail = (await call("GET", `/api/admin/quotes/${id}`)).body;
    const token = String(detail.link).split("/quotes/")[1] ?? "";
    const line = `certificate ${CERTIFICATE}, valid through ${church().expires}`;

    const admin = await page(`/admin/quotes/${id}`);
    expect(admin.status).toBe(200);
    expect(admin.html).toContain(line);
    expect(admin.html).toContain("Tax exemption");
    const pdf = await store.app.request(`/api/admin/quotes/${id}/pdf`, {
      headers: { cookie: owner },
    });
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(line);
    const theirs = await page(`/quotes/${token}`, "");
    expect(theirs.status).toBe(200);
    expect(theirs.html).toContain(line);
    expect(theirs.html).toContain("Sales tax (exempt)");
    const wire = (await request(store, "GET", `/api/quotes/${token}`)).body;
    expect(wire).toMatchObject({ taxExempt: true, totals: { tax: 0 } });

    const accepted = await request(store, "POST", `/api/quotes/${token}/accept`, {
      signatureName: "Pastor Ruth Evans",
      agree: true,
      revision: detail.revision,
    });
    expect(accepted.status).toBe(201);
    const t = taxed();
    const untaxed = t.totalCents - t.taxCents;
    expect(accepted.body.depositDue).toBe(Math.round(untaxed / 2) / 100);
    const orderId = (await call("GET", `/api/admin/quotes/${id}`)).body.acceptedOrderId;
    const order = (await call("GET", `/api/admin/orders/${orderId}`)).body;
    expect(order).toMatchObject({
      tax: 0,
      total_amount: untaxed / 100,
      tax_exemption: { type: "nonprofit", certificateNumber: CERTIFICATE },
    });
    // The rates stay on the order: removing the exemption taxes it as the quote would have.
    const row = await db
      .selectFrom("orders")
      .select(["tax_rate_bp", "deposit_cents"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(Number(row.tax_rate_bp)).toBe(store.config.business.salesTaxBasisPoints);
    expect(Number(row.deposit_cents)).toBe(Math.round(untaxed / 2));

    // The exemption removed from the order: taxed again, and the quote's 50 % deposit follows.
    const orderPath = `/api/admin/orders/${orderId}`;
    const depositOf = async () =>
      Number(
        (
          await db
            .selectFrom("orders")
            .select("deposit_cents")
            .where("id", "=", orderId)
            .executeTakeFirstOrThrow()
        ).deposit_cents,
      );
    const retaxed = await call("PATCH", orderPath, { taxExemption: null });
    expect(retaxed.body).toMatchObject({ tax: t.taxCents / 100, total_amount: t.totalCents / 100 });
    expect(await depositOf()).toBe(t.depositCents);
    const events = await db
      .selectFrom("order_events")
      .select("summary")
      .where("order_id", "=", orderId)
      .execute();
    expect(events.map((e) => e.summary).join("\n")).toContain(
      `deposit ${formatMoney(Math.round(untaxed / 2))} → ${formatMoney(t.depositCents)}`,
    );
    const again = await call("PATCH", orderPath, { taxExemption: church() });
    expect(again.body).toMatchObject({ tax: 0, total_amount: untaxed / 100 });
    expect(await depositOf()).toBe(Math.round(untaxed / 2));

    const receipt = await page(`/admin/orders/${orderId}/receipt`);
    expect(receipt.html).toContain(line);
    const today = storeToday();
    const before = (await call("GET", `/api/admin/reports?from=${today}&to=${today}`)).body;
    await db.updateTable("orders").set({ status: "completed" }).where("id", "=", orderId).execute();
    await db
      .insertInto("order_status_history")
      .values({
        order_id: orderId,
        from_status: "scheduled",
        to_status: "completed",
        note: null,
        actor: "admin",
        changed_at: new Date().toISOString(),
      })
      .execute();
    const after = (await call("GET", `/api/admin/reports?from=${today}&to=${today}`)).body;
    const discounted = t.subtotalCents - t.discountCents - t.extraDiscountCents;
    expect(Math.round((after.salesTax.taxExemptSales - before.salesTax.taxExemptSales) * 100)).toBe(
      discounted,
    );
    expect(after.salesTax.tax).toBe(before.salesTax.tax);
  });
});
