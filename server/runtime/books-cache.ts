/**
 * The books' reports from memory (decision 310, after 260 and 263; docs/caching.md): a report
 * and its payments CSV read up to a year of orders, completions and payments (bench:admin:
 * 100,000 orders), and change only when something is written. Each period's answer is kept as
 * the store's figures are (Caches.figures).
 */
import type { ReportPeriod } from "../../domain/books/books-schema";
import type { MarginReport, MarginService } from "../services/books/margin";
import type { BooksReport, BooksService } from "../services/books/reports";
import type { Caches } from "../services/caching";

export function cachedBooks(service: BooksService, caches: Caches): BooksService {
  const reports = caches.figures<BooksReport>("books reports", 64);
  // A year's payments CSV is megabytes: a few periods at a time (memory, decision 145).
  const csvs = caches.figures<string>("books payments CSVs", 4);
  const key = (p: ReportPeriod) => `${p.from}/${p.to}`;
  return {
    ...service,
    report: (period) => reports.get(key(period), () => service.report(period)),
    paymentsCsv: (period) => csvs.get(key(period), () => service.paymentsCsv(period)),
  };
}

/**
 * The margin report kept the same way: a quarter reads every completed order's
 * purchase-order lines, visits, quote and items (bench:admin: 11,867 orders, over a second to
 * compute). Its commissions depend on the store's day, which the figures' rule already follows;
 * a report asked for another day than today is computed, never kept.
 */
export function cachedMargins(service: MarginService, caches: Caches): MarginService {
  const reports = caches.figures<MarginReport>("margin reports", 16);
  return {
    ...service,
    report: (period, today) =>
      today === undefined
        ? reports.get(`${period.from}/${period.to}`, () => service.report(period))
        : service.report(period, today),
  };
}
