import { type BookingServiceDeps, freeAt } from "./shared";

/**
 * The office's windows for booking an estimate request's visit: the same free windows as
 * /book (the same horizon and lead time), with the installers free in each.
 */
export async function officeWindows(deps: BookingServiceDeps, at: Date = deps.clock()) {
  const { db } = deps;

  return (await freeAt(db, at)).map(({ date, start, end, staffIds }) => ({
    date,
    start,
    end,
    staffIds: [...staffIds],
  }));
}
