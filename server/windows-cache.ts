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
 * refused every time and never kept), so the map holds at most the service area's codes.
 */
import type { WriteCounter } from "./db/write-watch";
import { type Generation, generationAt, stillHolds } from "./kept-generation";
import type { createBookingService } from "./services/scheduling/booking";

export const WINDOWS_MAX_AGE_MS = 3_000;

type BookingService = ReturnType<typeof createBookingService>;
type Windows = Awaited<ReturnType<BookingService["windows"]>>;

export function cachedWindows(
  service: BookingService,
  writes: WriteCounter,
  clock: () => number = Date.now,
): BookingService {
  let generation: Generation | undefined;
  const kept = new Map<string, Promise<Windows>>();
  return {
    ...service,
    windows(zipCode: string, now?: Date): Promise<Windows> {
      if (now !== undefined) return service.windows(zipCode, now);
      const current = generationAt(writes, clock());
      if (!stillHolds(generation, current, WINDOWS_MAX_AGE_MS)) {
        generation = current;
        kept.clear();
      }
      const hit = kept.get(zipCode);
      if (hit) return hit;
      const value = service.windows(zipCode, new Date(current.at));
      kept.set(zipCode, value);
      // A refusal (a ZIP outside the area, a database error) is never kept.
      value.catch(() => {
        if (kept.get(zipCode) === value) kept.delete(zipCode);
      });
      return value;
    },
  };
}
