/**
 * Who may call what: every
 * registered /api/admin route declares its permission in ADMIN_API_PERMISSIONS (a route without
 * one fails here and is refused at run time); roles × routes as a table; an installer's reach
 * narrowed to his own visits; staff changes, sessions and the audit log. SQLite and PostgreSQL.
 */
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_API_PERMISSIONS,
  PUBLIC,
  ROLE_PERMISSIONS,
  roleHas,
  STAFF_ROLES,
  type StaffRole,
} from "../../../domain/people/permissions";
import { adminRoutes } from "../../../server/api/admin";
import { adminAccess } from "../../../server/api/people/admin-access";
import { AppError } from "../../../server/errors";
import {
  addWorkingStaff,
  insertTestOrder,
  loginCookie,
  TEST_ADMIN_EMAIL,
} from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

/** Every registered admin route as "METHOD /path" (middleware entries left out). */
function registeredRoutes(store: TestStore): string[] {
  return [
    ...new Set(
      adminRoutes(store.services)
        .routes.filter((r) => r.method !== "ALL" && r.path !== "/*")
        .map((r) => `${r.method} ${r.path}`),
    ),
  ];
}

function call(store: TestStore, route: string, cookie: string, body: unknown = {}) {
  const [method, pattern] = route.split(" ") as [string, string];
  const url = `/api/admin${pattern.replace(/:[A-Za-z]+/g, "1")}`;
  return request(store, method, url, method === "GET" ? undefined : body, { cookie });
}

describe("the permission table", () => {
  it("gives the owner everything and the installer only field work", () => {
    expect(ROLE_PERMISSIONS.owner.length).toBeGreaterThan(ROLE_PERMISSIONS.office.length);
    for (const p of ["staff", "audit", "sessions", "catalog"] as const) {
      expect(roleHas("office", p)).toBe(false);
      expect(roleHas("installer", p)).toBe(false);
    }
    // Quotes are scoped by the service to the orders he has a visit on.
    expect(ROLE_PERMISSIONS.installer).toEqual(["self", "dashboard", "field-work", "quotes"]);
    expect(roleHas("nobody", "self")).toBe(false);
  });

  it("keeps every business-wide summary, export and report from installers", () => {
    const summaries = Object.entries(ADMIN_API_PERMISSIONS).filter(([route]) =>
      /summary|\.csv$|^GET \/reports/.test(route),
    );
    expect(summaries.map(([route]) => route)).toContain("GET /quote-summary");
    for (const [route, permission] of summaries) {
      expect({
        route,
        installer: permission !== PUBLIC && roleHas("installer", permission),
      }).toEqual({
        route,
        installer: false,
      });
    }
  });
});

describeEachDialect("admin permissions on %s", (dialect) => {
  let store: TestStore;
  const cookies = {} as Record<StaffRole, string>;
  let installerId = 0;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    cookies.owner = await loginCookie(store);
    cookies.office = (await addWorkingStaff(store, cookies.owner, "office")).cookie;
    const installer = await addWorkingStaff(store, cookies.owner, "installer");
    cookies.installer = installer.cookie;
    installerId = installer.id;
  });
  afterAll(async () => {
    await store?.close();
  });

  it("declares a permission for every registered /api/admin route, and none for a missing one", () => {
    const routes = registeredRoutes(store);
    expect(routes.length).toBeGreaterThanOrEqual(38);
    const undeclared = routes.filter((r) => !(r in ADMIN_API_PERMISSIONS));
    expect(undeclared).toEqual([]);
    const stale = Object.keys(ADMIN_API_PERMISSIONS).filter((r) => !routes.includes(r));
    expect(stale).toEqual([]);
    expect(Object.entries(ADMIN_API_PERMISSIONS).filter(([, p]) => p === PUBLIC)).toEqual([
      ["POST /login", PUBLIC],
    ]);
  });

  it("refuses at run time a route that declares no permission, even to an owner", async () => {
    const admin = new Hono();
    admin.use("*", adminAccess(store.services));
    admin.get("/orders", (c) => c.json({ declared: true }));
    admin.get("/not-declared", (c) => c.json({ leaked: true }));
    const app = new Hono();
    app.route("/api/admin", admin);
    app.onError((error) =>
      error instanceof AppError
        ? Response.json({ error: { code: error.code } }, { status: error.status })
        : Response.json({ error: { code: "internal" } }, { status: 500 }),
    );
    const headers = { cookie: cookies.owner };
    const declared = await app.request("/api/admin/orders", { headers });
    expect(declared.status).toBe(200);
    const refused = await app.request("/api/admin/not-declared", { headers });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "forbidden" } });
    expect((await app.request("/api/admin/not-declared")).status).toBe(401);
  });

  it("answers 403 forbidden exactly where the role lacks the route's permission (roles × routes)", async () => {
    const answered: { role: StaffRole; route: string; forbidden: boolean }[] = [];
    const expected: typeof answered = [];
    for (const role of STAFF_ROLES) {
      for (const route of registeredRoutes(store)) {
        const permission = ADMIN_API_PERMISSIONS[route];
        // The login is public; logging out would end the session the table runs on.
        if (permission === undefined || permission === PUBLIC || route === "POST /logout") continue;
        const res = await call(store, route, cookies[role]);
        expect({ role, route, status: res.status }).not.toEqual({ role, route, status: 401 });
        expect(res.status, `${role} ${route}`).toBeLessThan(500);
        const forbidden = res.status === 403;
        if (forbidden) expect(res.body.error.code, `${role} ${route}`).toBe("forbidden");
        answered.push({ role, route, forbidden });
        expected.push({ role, route, forbidden: !roleHas(role, permission) });
      }
    }
    expect(answered).toEqual(expected);
    expect(answered.filter((r) => r.role === "owner" && r.forbidden)).toEqual([]);
    expect(answered.filter((r) => r.role === "office" && r.forbidden).length).toBeGreaterThan(5);
    expect(answered.filter((r) => r.role === "installer" && !r.forbidden).length).toBeGreaterThan(
      5,
    );
  });

  describe("an installer's reach", () => {
    let mine: { id: number; reference: string };
    let other: { id: number; reference: string };
    let myVisit = 0;
    let otherVisit = 0;

    beforeAll(async () => {
      mine = await insertTestOrder(store.services.db, { status: "confirmed" });
      other = await insertTestOrder(store.services.db, { status: "confirmed" });
      const book = async (orderId: number, staffId: number | null) => {
        const res = await request(
          store,
          "POST",
          `/api/admin/orders/${orderId}/visits`,
          {
            kind: "install",
            date: "2030-06-03",
            start: "09:00",
            end: "11:00",
            staffId,
            notifyCustomer: false,
          },
          { cookie: cookies.owner },
        );
        expect(res.status).toBe(201);
        return res.body.id as number;
      };
      myVisit = await book(mine.id, installerId);
      otherVisit = await book(other.id, null);
    });

    const asInstaller = (method: string, path: string, body?: unknown) =>
      request(store, method, `/api/admin${path}`, body, { cookie: cookies.installer });

    it("lists only his own visits", async () => {
      const res = await asInstaller("GET", "/visits?from=2030-06-01&to=2030-06-30");
      expect(res.status).toBe(200);
      expect(res.body.map((v: { id: number }) => v.id)).toEqual([myVisit]);
      const all = await request(
        store,
        "GET",
        "/api/admin/visits?from=2030-06-01&to=2030-06-30",
        undefined,
        {
          cookie: cookies.office,
        },
      );
      expect(all.body.map((v: { id: number }) => v.id).sort()).toEqual(
        [myVisit, otherVisit].sort(),
      );
    });

    it("reaches his visits' orders for payments and receipts; other orders answer 404", async () => {
      expect((await asInstaller("GET", `/orders/${mine.id}/payments`)).status).toBe(200);
      expect((await asInstaller("GET", `/orders/${mine.id}/visits`)).status).toBe(200);
      const paid = await asInstaller("POST", `/orders/${mine.id}/payments`, {
        amount: 50,
        method: "cash",
      });
      expect(paid.status).toBe(201);
      for (const [method, path, body] of [
        ["GET", `/orders/${other.id}/payments`, undefined],
        ["GET", `/orders/${other.id}/visits`, undefined],
        ["POST", `/orders/${other.id}/payments`, { amount: 50, method: "cash" }],
        ["POST", `/orders/${other.id}/receipt`, undefined],
      ] as const) {
        const res = await asInstaller(method, path, body);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(JSON.stringify(res.body)).not.toContain(other.reference);
      }
      expect((await asInstaller("GET", `/orders/${mine.id}`)).status).toBe(403);
    });

    it("marks his own visit done and nothing else", async () => {
      const moved = await asInstaller("PATCH", `/visits/${myVisit}`, { date: "2030-06-04" });
      expect(moved.status).toBe(403);
      expect(moved.body.error.code).toBe("forbidden");
      const reassigned = await asInstaller("PATCH", `/visits/${myVisit}`, {
        status: "done",
        staffId: null,
      });
      expect(reassigned.status).toBe(403);
      const others = await asInstaller("PATCH", `/visits/${otherVisit}`, { status: "done" });
      expect(others.status).toBe(404);
      const done = await asInstaller("PATCH", `/visits/${myVisit}`, { status: "done" });
      expect(done.status).toBe(200);
      expect(done.body.status).toBe("done");
    });

    it("sees his own visits on the dashboard instead of the business's figures", async () => {
      const res = await asInstaller("GET", "/dashboard");
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty("outstanding");
      expect(res.body).not.toHaveProperty("weeks");
      expect(res.body).toHaveProperty("todaysVisits");
      const office = await request(store, "GET", "/api/admin/dashboard", undefined, {
        cookie: cookies.office,
      });
      expect(office.body).toHaveProperty("outstanding");
    });

    it("answers 403 to the business-wide quote summary; the office and owners read it", async () => {
      const refused = await asInstaller("GET", "/quote-summary");
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("forbidden");
      expect(JSON.stringify(refused.body)).not.toContain("waitingValue");
      for (const role of ["office", "owner"] as const) {
        const res = await request(store, "GET", "/api/admin/quote-summary", undefined, {
          cookie: cookies[role],
        });
        expect(res.status, role).toBe(200);
        expect(res.body).toHaveProperty("waitingValue");
      }
    });
  });

  describe("staff, sessions and the audit log", () => {
    it("keeps one active owner: no disabling or demoting the last one (409)", async () => {
      const staff = await request(store, "GET", "/api/admin/staff", undefined, {
        cookie: cookies.owner,
      });
      const owner = staff.body.find((s: { email: string }) => s.email === TEST_ADMIN_EMAIL);
      for (const change of [{ active: false }, { role: "office" }]) {
        const res = await request(store, "PATCH", `/api/admin/staff/${owner.id}`, change, {
          cookie: cookies.owner,
        });
        expect(res.status).toBe(409);
      }
      // With a second owner, the first may step down.
      const second = await addWorkingStaff(store, cookies.owner, "owner");
      const demote = await request(
        store,
        "PATCH",
        `/api/admin/staff/${second.id}`,
        { role: "office" },
        { cookie: cookies.owner },
      );
      expect(demote.status).toBe(200);
      expect(demote.body.role).toBe("office");
      // A changed role ends that person's sessions at once.
      expect(
        (await request(store, "GET", "/api/admin/session", undefined, { cookie: second.cookie }))
          .status,
      ).toBe(401);
    });

    it("lists every account's sessions with opaque ids and revokes one", async () => {
      const person = await addWorkingStaff(store, cookies.owner, "office");
      const list = await request(store, "GET", "/api/admin/sessions", undefined, {
        cookie: cookies.owner,
      });
      expect(list.status).toBe(200);
      const hashes = (
        await store.services.db.selectFrom("admin_sessions").select("token_hash").execute()
      ).map((r) => r.token_hash);
      for (const s of list.body) {
        expect(s.id).toMatch(/^[0-9a-f]{32}$/);
        expect(hashes.some((h) => h.includes(s.id))).toBe(false);
      }
      expect(list.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      const theirs = list.body.find((s: { staffId: number }) => s.staffId === person.id);
      const revoked = await request(
        store,
        "DELETE",
        `/api/admin/sessions/${theirs.id}`,
        undefined,
        {
          cookie: cookies.owner,
        },
      );
      expect(revoked.status).toBe(200);
      expect(
        (await request(store, "GET", "/api/admin/session", undefined, { cookie: person.cookie }))
          .status,
      ).toBe(401);
      const again = await request(store, "DELETE", `/api/admin/sessions/${theirs.id}`, undefined, {
        cookie: cookies.owner,
      });
      expect(again.status).toBe(404);
    });

    it("filters and pages the audit log, and the database refuses to change or delete it", async () => {
      const all = await request(store, "GET", "/api/admin/audit", undefined, {
        cookie: cookies.owner,
      });
      expect(all.status).toBe(200);
      expect(all.body.total).toBeGreaterThan(5);
      const payments = await request(store, "GET", "/api/admin/audit?kind=payment", undefined, {
        cookie: cookies.owner,
      });
      expect(payments.body.entries.length).toBeGreaterThan(0);
      for (const e of payments.body.entries) {
        expect(e.kind).toBe("payment");
        expect(e.summary).toMatch(/^Order #\d{4,}: /);
        // No customer's personal data: the test orders' name, email and phone are absent.
        expect(JSON.stringify(e)).not.toMatch(/Jane|Doe|jane@example\.com|555-0100|Palm Way/);
      }
      const installerOnly = await request(
        store,
        "GET",
        `/api/admin/audit?staffId=${installerId}&kind=visit`,
        undefined,
        { cookie: cookies.owner },
      );
      expect(installerOnly.body.entries.map((e: { summary: string }) => e.summary)).toEqual([
        expect.stringMatching(/^Order #\d+: Installation visit marked Done$/),
      ]);
      const future = await request(
        store,
        "GET",
        "/api/admin/audit?from=2099-01-01&to=2099-01-02",
        undefined,
        { cookie: cookies.owner },
      );
      expect(future.body).toMatchObject({ total: 0, entries: [], page: 1, pageCount: 1 });
      const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
      const todays = await request(
        store,
        "GET",
        `/api/admin/audit?from=${today}&to=${today}&page=1`,
        undefined,
        { cookie: cookies.owner },
      );
      expect(todays.body.total).toBe(all.body.total);
      const bad = await request(store, "GET", "/api/admin/audit?kind=nonsense", undefined, {
        cookie: cookies.owner,
      });
      expect(bad.status).toBe(400);

      const { db } = store.services;
      await expect(
        db.updateTable("audit_log").set({ summary: "changed" }).execute(),
      ).rejects.toThrow();
      await expect(db.deleteFrom("audit_log").execute()).rejects.toThrow();
      const after = await request(store, "GET", "/api/admin/audit", undefined, {
        cookie: cookies.owner,
      });
      expect(after.body.total).toBeGreaterThanOrEqual(all.body.total);
    });
  });
});
