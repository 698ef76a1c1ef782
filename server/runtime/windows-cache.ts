/**
 * The public arrival windows (GET /api/booking/windows) from memory (decision 263, after 260;
 * docs/caching.md): the windows depend only on the store's date, the installers' hours and the
 * booked visits, so an answer is kept per ZIP code as the store's figures are
 * (Caches.figures). A window shown from memory is never promised: the booking claims it inside
 * its transaction against the database, and a window gone meanwhile is a 409 with
 * fresh windows. A ZIP outside the area is refused every time and never kept.
 */

import type { Caches } from "../services/caching";
import type { createBookingService } from "../services/scheduling/booking";

type BookingService = ReturnType<typeof createBookingService>;
type Windows = Awaited<ReturnType<BookingService["windows"]>>;

export function cachedWindows(service: BookingService, caches: Caches): BookingService {
  const kept = caches.figures<Windows>("booking windows", 64);
  return {
    ...service,
    windows(zipCode: string, now?: Date): Promise<Windows> {
      if (now !== undefined) return service.windows(zipCode, now);
      return kept.get(zipCode, (at) => service.windows(zipCode, at));
    },
  };
}
