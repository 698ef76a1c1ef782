/**
 * The books' reports from memory (decision 310, after 260 and 263; docs/caching.md): a report
 * and its payments CSV read up to a year of orders, completions and payments (bench:admin:
 * 100,000 orders), and change only when something is written. Each period's answer is kept as
 * the store's figures are (Caches.figures).
 */
import type { ReportPeriod } from "../../domain/books/books-schema";
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
