/**
 * The back office in the browser with no network (decision 582): the service worker
 * (scripts/build-service-worker.ts) registered for /admin, the job cards of the next 7 days
 * kept when "My visits" opens online, and nothing of it left after sign-out.
 */

/** The service worker's cache of "My visits" and the job cards (the signed-in person's data). */
export const VISITS_CACHE = "back-office-visits";
export const SERVICE_WORKER_URL = "/admin-sw.js";

export function registerBackOfficeWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/admin" }).catch(() => {
    // Without a worker the back office still works online; nothing to tell the user.
  });
}

/** Forgets every page of a person's visits kept on this device (sign-out, or no session). */
export async function clearBackOfficeCaches(): Promise<void> {
  if (!("caches" in window)) return;
  await caches.delete(VISITS_CACHE);
}

/** The page and React Router's data request of each back-office path, as the worker keys them. */
function pageAndData(path: string): string[] {
  const url = new URL(path, window.location.origin);
  const data = new URL(url);
  data.pathname = `${url.pathname}.data`;
  return [url.pathname + url.search, data.pathname + data.search];
}

/**
 * Keeps the pages of `paths` (My visits of each day, the job cards) for offline use: fetched
 * now and put in the worker's cache, so they open with no network even if never opened.
 */
export async function keepForOffline(paths: readonly string[]): Promise<void> {
  if (!("caches" in window) || !navigator.onLine) return;
  const cache = await caches.open(VISITS_CACHE);
  for (const url of paths.flatMap(pageAndData)) {
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (response.ok) await cache.put(url, response);
    } catch {
      // The network went away meanwhile: what was kept stays kept.
      return;
    }
  }
}
