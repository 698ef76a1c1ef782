/**
 * The books over HTTP, owners only ("books" permission): GET /reports?from=&to=
 * answers the product rules' figures in dollars (plus the DR-15 layout and the weeks), and two CSVs
 * for the bookkeeper: payments.csv (one row per payment or refund; a refund negative) and
 * summary.csv (every figure of the report, one per row).
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { reportPeriodSchema } from "../../../domain/books/books-schema";
import { journalFormatSchema } from "../../../domain/books/journal";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "../../../domain/shared/back-office-schema";
import { type CsvValue, csvAmount, toCsv } from "../../../domain/shared/csv";
import { centsToAmount } from "../../../domain/shared/money";
import type { AppServices } from "../../context";
import type { BooksReport } from "../../services/books/reports";
import type { AdminEnv } from "../people/admin-access";
import { parseInput } from "../validation";
import { marginReportToJson } from "./margin-presenter";

const $ = centsToAmount;

export function reportToJson(r: BooksReport) {
  const t = r.salesTax;
  return {
    from: r.period.from,
    to: r.period.to,
    ordersPlaced: { count: r.ordersPlaced.count, value: $(r.ordersPlaced.valueCents) },
    ordersCompleted: { count: r.ordersCompleted.count, value: $(r.ordersCompleted.valueCents) },
    payments: {
      cash: $(r.paymentsCents.cash),
      check: $(r.paymentsCents.check),
      card: $(r.paymentsCents.card),
      other: $(r.paymentsCents.other),
    },
    refunds: $(r.refundsCents),
    depositsHeld: $(r.depositsHeldCents),
    balanceOutstanding: $(r.balanceOutstandingCents),
    refundsOwed: $(r.refundsOwedCents),
    salesTax: {
      taxable: $(t.taxableCents),
      tax: $(t.taxCollectedCents),
      grossSales: $(t.grossSalesCents),
      exemptSales: $(t.exemptSalesCents),
      taxExemptSales: $(t.taxExemptSalesCents),
      stateTax: $(t.stateTaxCents),
      surtax: $(t.surtaxCents),
      surtaxable: $(t.surtaxableCents),
      overSurtaxCap: $(t.overSurtaxCapCents),
      notSubjectToSurtax: $(t.notSubjectToSurtaxCents),
    },
    weeks: r.weeks.map((w) => ({
      weekOf: w.weekOf,
      received: $(w.receivedCents),
      refunded: $(w.refundedCents),
    })),
  };
}

/** The report's figures as label/amount rows (summary.csv). */
export function reportSummaryRows(r: BooksReport): CsvValue[][] {
  const t = r.salesTax;
  const rows: [string, CsvValue][] = [
    ["Orders placed (count)", r.ordersPlaced.count],
    ["Orders placed (value)", csvAmount(r.ordersPlaced.valueCents)],
    ["Orders completed (count)", r.ordersCompleted.count],
    ["Orders completed (value)", csvAmount(r.ordersCompleted.valueCents)],
    ...PAYMENT_METHODS.map((m): [string, CsvValue] => [
      `Payments received: ${PAYMENT_METHOD_LABELS[m]}`,
      csvAmount(r.paymentsCents[m]),
    ]),
    ["Refunds", csvAmount(r.refundsCents)],
    ["Deposits held on open orders (today)", csvAmount(r.depositsHeldCents)],
    ["Balance outstanding (today)", csvAmount(r.balanceOutstandingCents)],
    ["Refunds owed back to customers (today)", csvAmount(r.refundsOwedCents)],
    ["DR-15 gross sales", csvAmount(t.grossSalesCents)],
    ["DR-15 exempt sales", csvAmount(t.exemptSalesCents)],
    ["Of which tax-exempt customers (certificates on file)", csvAmount(t.taxExemptSalesCents)],
    ["DR-15 taxable amount", csvAmount(t.taxableCents)],
    ["DR-15 tax collected", csvAmount(t.taxCollectedCents)],
    ["State sales tax part", csvAmount(t.stateTaxCents)],
    ["15(a) amounts over $5,000 per item (no surtax)", csvAmount(t.overSurtaxCapCents)],
    [
      "15(b) taxable amounts not subject to surtax (flat-rate orders)",
      csvAmount(t.notSubjectToSurtaxCents),
    ],
    ["Amount subject to surtax", csvAmount(t.surtaxableCents)],
    ["15(d) discretionary sales surtax collected", csvAmount(t.surtaxCents)],
  ];
  return rows.map(([label, value]) => [r.period.from, r.period.to, label, value]);
}

function csvAnswer(c: Context, name: string, csv: string) {
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}"`,
  });
}

export function booksRoutes(services: AppServices) {
  const routes = new Hono<AdminEnv>();
  const period = (c: Context) =>
    parseInput(reportPeriodSchema, { from: c.req.query("from"), to: c.req.query("to") });

  routes.get("/reports", async (c) => c.json(reportToJson(await services.books.report(period(c)))));

  routes.get("/reports/margin", async (c) =>
    c.json(marginReportToJson(await services.margins.report(period(c)))),
  );

  routes.get("/reports/export", async (c) => {
    const { format } = parseInput(journalFormatSchema, { format: c.req.query("format") });
    const p = period(c);
    const text = await services.booksExport.file(format, p);
    const name = `journal-${format}-${p.from}-${p.to}.${format === "iif" ? "iif" : "csv"}`;
    return c.body(text, 200, {
      "Content-Type": format === "iif" ? "text/plain; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
    });
  });

  routes.get("/reports/summary.csv", async (c) => {
    const p = period(c);
    const report = await services.books.report(p);
    const csv = toCsv(["from", "to", "figure", "amount"], reportSummaryRows(report));
    return csvAnswer(c, `books-${p.from}-${p.to}.csv`, csv);
  });

  routes.get("/reports/payments.csv", async (c) => {
    const p = period(c);
    return csvAnswer(c, `payments-${p.from}-${p.to}.csv`, await services.books.paymentsCsv(p));
  });

  return routes;
}
