import { describe, expect, it } from "vitest";
import type { ReportPeriod } from "../../domain/books/books-schema";
import { cachesOver, counter, deferred } from "../../tests/support/kept-answers";
import type { BooksService } from "../services/books/reports";
import { cachedBooks } from "./books-cache";
import { FIGURES_MAX_AGE_MS } from "./caches";

/** A books service whose answers say which computation made them; `fail` refuses the next. */
function fakeService() {
  const calls: string[] = [];
  let failNext = false;
  let hold: Promise<void> | undefined;
  const answer = async (kind: string, period: ReportPeriod) => {
    calls.push(`${kind} ${period.from}/${period.to}`);
    const label = `${kind}-${calls.length}`;
    if (hold) await hold;
    if (failNext) {
      failNext = false;
      throw new Error("database unavailable");
    }
    return label;
  };
  const service = {
    report: (period: ReportPeriod) => answer("report", period),
    paymentsCsv: (period: ReportPeriod) => answer("csv", period),
  } as unknown as BooksService;
  return {
    service,
    calls,
    fail: () => {
      failNext = true;
    },
    holdUntil: (promise: Promise<void> | undefined) => {
      hold = promise;
    },
  };
}

const MARCH: ReportPeriod = { from: "2026-03-01", to: "2026-03-31" };
const APRIL: ReportPeriod = { from: "2026-04-01", to: "2026-04-30" };

describe("cachedBooks", () => {
  // 2026-11-25 15:00 UTC is 10:00 in New York (EST), the store's zone.
  const start = Date.parse("2026-11-25T15:00:00Z");

  it("keeps each period's report and CSV apart until a write", async () => {
    const { service, calls } = fakeService();
    const { writes, write } = counter();
    let now = start;
    const books = cachedBooks(
      service,
      cachesOver(writes, () => now),
    );
    const march = await books.report(MARCH);
    now += 500;
    expect(await books.report({ ...MARCH })).toBe(march);
    expect(await books.report(APRIL)).not.toBe(march);
    const csv = await books.paymentsCsv(MARCH);
    expect(csv).not.toBe(march);
    expect(await books.paymentsCsv(MARCH)).toBe(csv);
    expect(calls).toHaveLength(3);
    write();
    expect(await books.report(MARCH)).not.toBe(march);
    expect(await books.paymentsCsv(MARCH)).not.toBe(csv);
    expect(calls).toHaveLength(5);
  });

  it("does not keep a report whose computation overlapped a write", async () => {
    const { service, calls, holdUntil } = fakeService();
    const { writes, write } = counter();
    const books = cachedBooks(
      service,
      cachesOver(writes, () => start),
    );
    const held = deferred<void>();
    holdUntil(held.promise);
    const first = books.report(MARCH);
    expect(books.report(MARCH)).toBe(first); // concurrent misses share one computation
    write();
    held.resolve();
    holdUntil(undefined);
    await first;
    const second = await books.report(MARCH);
    expect(second).not.toBe(await first);
    expect(await books.report(MARCH)).toBe(second);
    expect(calls).toHaveLength(2);
  });

  it("never keeps a failed report or CSV", async () => {
    const { service, calls, fail } = fakeService();
    const { writes } = counter();
    const books = cachedBooks(
      service,
      cachesOver(writes, () => start),
    );
    fail();
    await expect(books.report(MARCH)).rejects.toThrow("database unavailable");
    const report = await books.report(MARCH);
    expect(await books.report(MARCH)).toBe(report);
    fail();
    await expect(books.paymentsCsv(MARCH)).rejects.toThrow("database unavailable");
    expect(await books.paymentsCsv(MARCH)).toBe("csv-4");
    expect(calls).toHaveLength(4);
  });

  it("computes again past the age bound and when the store's day changes", async () => {
    const { service, calls } = fakeService();
    const { writes } = counter();
    let now = start;
    const books = cachedBooks(
      service,
      cachesOver(writes, () => now),
    );
    await books.report(MARCH);
    now += FIGURES_MAX_AGE_MS - 1;
    await books.report(MARCH);
    expect(calls).toHaveLength(1);
    now += 1;
    await books.report(MARCH);
    expect(calls).toHaveLength(2);
    // UTC midnight is 7 pm in New York: the same day, kept.
    now = Date.parse("2026-11-25T23:59:59.800Z");
    await books.report(MARCH);
    now += 400;
    await books.report(MARCH);
    expect(calls).toHaveLength(3);
    // Midnight in New York (05:00 UTC in November): computed again within the age bound.
    now = Date.parse("2026-11-26T04:59:59.800Z");
    await books.report(MARCH);
    now += 400;
    await books.report(MARCH);
    expect(calls).toHaveLength(5);
  });
});
