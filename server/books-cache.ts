/**
 * The books' reports from memory (decision 310, after 260 and 263): a report and its payments
 * CSV read up to a year of orders, completions and payments (bench:admin: 100,000 orders),
 * and change only when something is written. Each period's answer is kept while this process
 * has written nothing that may change it (database.writes), the store's day is the same (the
 * balances are today's), and for at most BOOKS_MAX_AGE_MS: the bound on what another process's
 * writes can leave unseen here.
 */
import type { ReportPeriod } from "../domain/books/books-schema";
import type { WriteCounter } from "./db/write-watch";
import { keptPerKey } from "./kept-generation";
import type { BooksReport, BooksService } from "./services/books/reports";

export const BOOKS_MAX_AGE_MS = 3_000;

export function cachedBooks(
  service: BooksService,
  writes: WriteCounter,
  clock: () => number = Date.now,
): BooksService {
  const reports = keptPerKey<BooksReport>(writes, BOOKS_MAX_AGE_MS, clock);
  // A year's payments CSV is megabytes: a few periods at a time (memory, decision 145).
  const csvs = keptPerKey<string>(writes, BOOKS_MAX_AGE_MS, clock, 4);
  const key = (p: ReportPeriod) => `${p.from}/${p.to}`;
  return {
    ...service,
    report: (period) => reports(key(period), () => service.report(period)),
    paymentsCsv: (period) => csvs(key(period), () => service.paymentsCsv(period)),
  };
}
