/**
 * With no installer hours nothing can be booked online: /book says plainly that
 * online booking isn't open and gives the phone number, with no form to fill; the dashboard
 * tells the owner to set installer hours, linking /admin/staff. Once an installer has hours,
 * /book offers the ZIP form again and the dashboard says nothing. Pages through the real build;
 * what they read is the booking service's, tested on both databases in one-visit.test.ts.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { request } from "../../support/test-app";

let store: PageTestStore;
let owner: string;

beforeAll(async () => {
  store = await createPageTestStore("sqlite");
  owner = await loginCookie(store);
}, 120_000);
afterAll(async () => {
  await store?.close();
});

async function page(path: string, cookie?: string): Promise<string> {
  const res = await store.app.request(path, { headers: cookie ? { cookie } : {} });
  expect(res.status, path).toBe(200);
  return res.text();
}

it("closes /book and tells the owner while no installer has hours", async () => {
  await store.services.db.deleteFrom("staff_hours").execute();
  const closed = await page("/book?zipCode=33904");
  expect(closed).toContain("Online booking isn&#x27;t open yet");
  expect(closed).toContain('href="tel:+12395550142"');
  expect(closed).not.toContain('name="zipCode"');
  expect(closed).not.toContain("Book My Visit");
  const dashboard = await page("/admin", owner);
  expect(dashboard).toContain("Online booking is closed");
  expect(dashboard).toMatch(/<a[^>]*href="\/admin\/staff"[^>]*>Set installer hours<\/a>/);

  const installer = await addWorkingStaff(store, owner, "installer");
  const put = await request(
    store,
    "PUT",
    `/api/admin/staff/${installer.id}/availability`,
    { weekly: { mon: [{ start: "08:00", end: "12:00" }] }, timeOff: [] },
    { cookie: owner },
  );
  expect(put.status).toBe(200);
  const open = await page("/book");
  expect(open).toContain('name="zipCode"');
  expect(open).not.toContain("Online booking isn&#x27;t open yet");
  expect(await page("/admin", owner)).not.toContain("Online booking is closed");

  // A ZIP outside the area: the service's own sentence for the ZIP field, as it wrote it.
  const outside = await page("/book?zipCode=10001");
  expect(outside).toContain("ZIP code 10001 is outside our service area");
  expect(outside).not.toContain("zipCode:");
});
