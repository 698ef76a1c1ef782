/**
 * The two-factor pages server-rendered on both databases: /admin/two-factor's
 * actions (set up, confirm with the API's parsing and error mapping, the recovery codes once),
 * the gate that leads there, and /admin/security (owners only: the switch, the reset).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { groupSecret } from "../../../domain/people/two-factor-schema";
import { hashRecoveryCode, totpCodeAt } from "../../../server/services/people/two-factor-codes";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { describeEachDialect } from "../../support/test-database";

const CODE_PATTERN = /\b[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}\b/g;

describeEachDialect("two-factor pages on %s", (dialect) => {
  let store: PageTestStore;
  let owner: string;

  beforeAll(async () => {
    store = await createPageTestStore(dialect, { TRUST_PROXY: "true" });
    owner = await loginCookie(store);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  async function get(path: string, cookie: string) {
    const res = await store.app.request(path, { headers: { cookie } });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  async function post(path: string, cookie: string, fields: Record<string, string>) {
    const res = await store.app.request(path, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.status, text: await res.text() };
  }

  async function secretOf(staffId: number): Promise<string> {
    const row = await store.services.db
      .selectFrom("staff")
      .select("totp_secret")
      .where("id", "=", staffId)
      .executeTakeFirstOrThrow();
    return row.totp_secret ?? "";
  }

  it("sets up two-factor through the page: QR, grouped key, a wrong code, the codes once", async () => {
    const person = await addWorkingStaff(store, owner, "installer");
    const off = await get("/admin/two-factor", person.cookie);
    expect(off.status).toBe(200);
    expect(off.headers.get("cache-control")).toBe("private, no-store");
    expect(off.text).toContain("Two-factor is off");

    expect((await post("/admin/two-factor", person.cookie, { intent: "setup" })).status).toBe(200);
    const secret = await secretOf(person.id);
    const pending = await get("/admin/two-factor", person.cookie);
    expect(pending.text).toContain('aria-label="QR code for your authenticator app"');
    expect(pending.text).toMatch(/<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(pending.text).toContain(groupSecret(secret));

    const blank = await post("/admin/two-factor", person.cookie, { intent: "confirm", code: "" });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain("code is required");
    const wrong = await post("/admin/two-factor", person.cookie, {
      intent: "confirm",
      code: totpCodeAt(secret, Date.now() + 5 * 60_000),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain("That code is not right");

    const done = await post("/admin/two-factor", person.cookie, {
      intent: "confirm",
      code: totpCodeAt(secret, Date.now()),
    });
    expect(done.status).toBe(200);
    const shown = [...new Set(done.text.match(CODE_PATTERN))];
    expect(shown).toHaveLength(10);
    const stored = await store.services.db
      .selectFrom("staff_recovery_codes")
      .select("code_hash")
      .where("staff_id", "=", person.id)
      .execute();
    expect(stored.map((s) => s.code_hash).sort()).toEqual(shown.map(hashRecoveryCode).sort());
    // Shown once: the page itself only counts them afterwards.
    const after = await get("/admin/two-factor", person.cookie);
    expect(after.text).toContain("10 recovery codes left.");
    expect(after.text.match(CODE_PATTERN)).toBeNull();
  });

  it("while owners require it, other pages lead to /admin/two-factor, which says why", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    await store.services.db
      .updateTable("back_office_settings")
      .set({ require_two_factor: 1 })
      .execute();
    try {
      const orders = await store.app.request("/admin/orders", {
        headers: { cookie: person.cookie },
      });
      expect(orders.status).toBe(302);
      expect(orders.headers.get("location")).toBe("/admin/two-factor");
      const page = await get("/admin/two-factor", person.cookie);
      expect(page.status).toBe(200);
      expect(page.text).toContain("The owner requires two-factor for everyone");
    } finally {
      await store.services.db
        .updateTable("back_office_settings")
        .set({ require_two_factor: 0 })
        .execute();
    }
  });

  it("/admin/security is the owners': the switch, the list and the reset", async () => {
    const office = await addWorkingStaff(store, owner, "office", "Opal Office");
    expect((await get("/admin/security", office.cookie)).status).toBe(403);
    const refused = await post("/admin/security", office.cookie, {
      intent: "reset",
      id: String(office.id),
    });
    expect(refused.status).toBe(403);

    const page = await get("/admin/security", owner);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Require two-factor for everyone");
    expect(page.text).toContain("Opal Office");

    // The owner has no two-factor: requiring it for everyone would lock them out.
    const require = await post("/admin/security", owner, {
      intent: "settings",
      requireTwoFactor: "on",
    });
    expect(require.status).toBe(409);
    expect(require.text).toContain("Set up your own two-factor first");

    await post("/admin/two-factor", office.cookie, { intent: "setup" });
    const reset = await post("/admin/security", owner, {
      intent: "reset",
      id: String(office.id),
    });
    expect(reset.status).toBe(200);
    expect(reset.text).toContain("Two-factor reset for Opal Office; 1 session ended.");
    expect(await secretOf(office.id)).toBe("");
    // Their session ended: the page is the login form again.
    const ended = await get("/admin/two-factor", office.cookie);
    expect(ended.text).toContain("Log in with your staff email and password");
    expect(ended.text).not.toContain("Two-factor sign-in</h1>");
  });
});
