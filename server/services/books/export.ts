/**
 * The bookkeeper's export (GET /api/admin/reports/export): the period's invoices, payments and
 * refunds as a journal (domain/books/journal.ts), printed for QuickBooks Online, Xero or
 * QuickBooks Desktop (IIF). Dates are the store's days.
 */
import type { ReportPeriod } from "../../../domain/books/books-schema";
import {
  buildJournal,
  type JournalEntry,
  type JournalFormat,
  printJournal,
} from "../../../domain/books/journal";
import { storeLocal } from "../../../domain/scheduling/visit-time";
import { listInvoices } from "../../db/repositories/books/journal";
import { listPaymentLines } from "../../db/repositories/books/reports";
import type { ServiceDeps } from "../deps";
import { periodInstants } from "./reports";

export function createBooksExportService(deps: Pick<ServiceDeps, "db">) {
  const { db } = deps;
  const day = (instant: string) => storeLocal(new Date(instant)).date;

  async function journal(period: ReportPeriod): Promise<JournalEntry[]> {
    const span = periodInstants(period);
    const [invoices, payments] = await Promise.all([
      listInvoices(db, span),
      listPaymentLines(db, span),
    ]);
    return buildJournal(
      invoices.map((o) => ({ ...o, date: day(o.createdAt) })),
      payments.map((p) => ({
        ...p,
        name: `${p.firstName} ${p.lastName}`,
        date: day(p.receivedAt),
      })),
    );
  }

  return {
    journal,
    async file(format: JournalFormat, period: ReportPeriod): Promise<string> {
      return printJournal(format, await journal(period));
    },
  };
}

export type BooksExportService = ReturnType<typeof createBooksExportService>;
