/**
 * The public arrival windows (GET /api/booking/windows) from memory, kept like the dashboard's
 * figures (decision 263, after 260): the windows depend only on the store's date, the installers'
 * hours and the booked visits, so an answer is kept while
 * - this process has written nothing that may change it (database.writes: any write starts a
 *   new generation),
 * - the store's day is the same, and
 * - it is younger than WINDOWS_MAX_AGE_MS, the bound on what another process's writes can leave
 *   unseen here.
 * A window shown from memory is never promised: the booking claims it inside its transaction
 * against the database (decision 211), and a window gone meanwhile is a 409 with fresh windows.
 * Answers are kept per ZIP code, and only those that succeeded (a ZIP outside the area is
 * refused every time and never kept); server/kept-generation.ts's keptPerKey keeps them.
 */
import type { WriteCounter } from "./db/write-watch";
import { keptPerKey } from "./kept-generation";
import type { createBookingService } from "./services/scheduling/booking";

export const WINDOWS_MAX_AGE_MS = 3_000;

type BookingService = ReturnType<typeof createBookingService>;
type Windows = Awaited<ReturnType<BookingService["windows"]>>;

export function cachedWindows(
  service: BookingService,
  writes: WriteCounter,
  clock: () => number = Date.now,
): BookingService {
  const kept = keptPerKey<Windows>(writes, WINDOWS_MAX_AGE_MS, clock);
  return {
    ...service,
    windows(zipCode: string, now?: Date): Promise<Windows> {
      if (now !== undefined) return service.windows(zipCode, now);
      return kept(zipCode, (at) => service.windows(zipCode, at));
    },
  };
}
