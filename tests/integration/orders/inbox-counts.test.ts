/**
 * What waits in the back office, counted once per page: orders awaiting confirmation, new estimate and sample requests, new
 * messages and pending reviews, next to their sidebar links on every page in one statement,
 * and on the dashboard with the newest estimate and sample requests listed as leads. Handled
 * requests and confirmed orders leave the counts; an installer's sidebar counts nothing.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  addWorkingStaff,
  insertTestMessage,
  insertTestOrder,
  insertTestReview,
  loginCookie,
} from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { useStatementSpy } from "../../support/statement-spy";
import { request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

/** The sidebar's counts on a page: link → number ("Orders" → 2), from the desktop sidebar. */
function sidebarCounts(html: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of html.matchAll(
    /<a [^>]*aria-describedby="side-count[^"]*"[^>]*>([^<]+)<span[^>]*data-testid="nav-count"[^>]*>(\d+)<\/span>/g,
  )) {
    counts[m[1] ?? ""] = Number(m[2]);
  }
  return counts;
}

describeEachDialect("the back office's inbox counts on %s", (dialect) => {
  let store: PageTestStore;
  let owner: string;
  const spy = useStatementSpy();
  const page = async (path: string, cookie = owner) => {
    const res = await store.app.request(path, { headers: { cookie } });
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    store = await createPageTestStore(dialect);
    owner = await loginCookie(store);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  it("counts what waits, in one statement, and shows it beside each sidebar link", async () => {
    const db = store.services.db;
    await insertTestOrder(db, { status: "pending" });
    await insertTestOrder(db, { status: "pending" });
    await insertTestOrder(db, { status: "confirmed" });
    await insertTestMessage(db);
    await insertTestMessage(db, { status: "handled" });
    await insertTestReview(db);
    await insertTestReview(db, { status: "approved" });
    const estimate = await store.services.estimates.submit(
      {
        firstName: "Dana",
        lastName: "Leads",
        email: "dana.leads@example.com",
        phone: "(239) 555-0100",
        address: "12 Palm Ave",
        city: "Cape Coral",
        zipCode: "33904",
        windowCount: 7,
        productTypes: [],
        preferredWindow: null,
        message: null,
        website: undefined,
      },
      [],
      "203.0.113.9",
    );
    expect(estimate.stored).toBe(true);
    for (const n of [1, 2, 3]) {
      const sample = await request(
        store,
        "POST",
        "/api/samples",
        {
          name: `Sam Sample${n}`,
          email: `sam.${n}@example.com`,
          address: `${n} Heron Way`,
          city: "Fort Myers",
          zipCode: "33901",
          items: [{ productType: "vinyl", color: "white" }],
        },
        { "x-forwarded-for": `203.0.113.${20 + n}` },
      );
      expect(sample.status, JSON.stringify(sample.body)).toBe(201);
    }

    const counted = await spy.record(() => store.services.dashboard.inboxCounts());
    expect(counted.answer).toEqual({
      awaitingConfirmation: 2,
      newEstimates: 1,
      newSamples: 3,
      newMessages: 1,
      pendingReviews: 1,
      unreadTexts: 0,
    });
    // The spy hears every statement of the process: the email dispatcher's claims, running in the
    // background after the requests' commits, are not the count's.
    const own = counted.statements.filter((sql) => !sql.includes('"email_outbox"'));
    expect(own, JSON.stringify(counted.statements)).toHaveLength(1);

    const html = await page("/admin/orders");
    expect(sidebarCounts(html)).toEqual({
      Orders: 2,
      Messages: 1,
      Samples: 3,
      Estimates: 1,
      Reviews: 1,
    });
    // Read out as the link's description, its name unchanged.
    expect(html).toContain(">2 waiting<");

    // The dashboard lists the new leads: the estimate with its windows and photos, the samples.
    const dashboard = await page("/admin");
    expect(dashboard).toContain("New estimate requests (1)");
    expect(dashboard).toContain("Dana Leads, Cape Coral");
    expect(dashboard).toContain("7 windows · no photos");
    expect(dashboard).toContain("New sample requests (3)");
    expect(dashboard).toContain("Sam Sample3, Fort Myers");
  });

  it("drops what was handled from the counts, and counts nothing for an installer", async () => {
    const before = await store.services.dashboard.inboxCounts();
    const [estimate] = await store.services.estimates.list("new");
    if (!estimate) throw new Error("no new estimate");
    const handled = await request(
      store,
      "POST",
      `/api/admin/estimates/${estimate.id}/handled`,
      undefined,
      { cookie: owner },
    );
    expect(handled.status, JSON.stringify(handled.body)).toBeLessThan(300);
    const after = await store.services.dashboard.inboxCounts();
    expect(after.newEstimates).toBe(before.newEstimates - 1);
    expect(sidebarCounts(await page("/admin/orders")).Estimates).toBeUndefined();

    const installer = await addWorkingStaff(store, owner, "installer");
    const visits = await spy.record(() => page("/admin/visits", installer.cookie));
    expect(visits.answer).not.toContain('data-testid="nav-count"');
    expect(visits.statements.join("\n")).not.toMatch(/contact_messages/);
  });
});
