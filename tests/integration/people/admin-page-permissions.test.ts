/**
 * Every admin page of app/routes.ts declares its permission in ADMIN_PAGE_PERMISSIONS (a page
 * without one fails here), and each role gets exactly the pages its permissions open: a plain
 * 403 refusal otherwise; a temporary password leads to /admin/password; two-factor required for
 * everyone leads to /admin/two-factor. Roles × pages as a table, on SQLite and PostgreSQL.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  ADMIN_PAGE_PERMISSIONS,
  PUBLIC,
  roleHas,
  STAFF_ROLES,
  type StaffRole,
} from "../../../domain/people/permissions";
import { countFailureRun } from "../../../server/db/repositories/platform/rate-limits";
import { ACCOUNT_FAILURE_LIMIT } from "../../../server/login-attempts";
import { newTotpSecret, totpCodeAt } from "../../../server/services/people/two-factor-codes";
import {
  addWorkingStaff,
  insertTestOrder,
  loginAs,
  loginCookie,
} from "../../support/admin-fixtures";
import { createPageTestStore, type PageTestStore, pageRoutes } from "../../support/page-app";
import { request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const ROOT = path.resolve(__dirname, "../../..");

describeEachDialect("admin page permissions on %s", (dialect) => {
  let store: PageTestStore;
  const cookies = {} as Record<StaffRole, string>;
  let orderId = 0;

  /** The admin pages of the build, keyed as ADMIN_PAGE_PERMISSIONS keys them (route file). */
  function adminPages() {
    return pageRoutes(store.build)
      .filter((r) => r.id.startsWith("routes/admin/"))
      .map((r) => ({ file: `${r.id}.tsx`, path: r.path }));
  }

  beforeAll(async () => {
    store = await createPageTestStore(dialect);
    cookies.owner = await loginCookie(store);
    cookies.office = (await addWorkingStaff(store, cookies.owner, "office")).cookie;
    const installer = await addWorkingStaff(store, cookies.owner, "installer");
    cookies.installer = installer.cookie;
    // An order with the installer's visit: his sheet and receipt open, the rest stays closed.
    orderId = (await insertTestOrder(store.services.db, { status: "confirmed" })).id;
    const visit = await request(
      store,
      "POST",
      `/api/admin/orders/${orderId}/visits`,
      {
        kind: "install",
        date: "2030-06-03",
        start: "09:00",
        end: "11:00",
        staffId: installer.id,
        notifyCustomer: false,
      },
      { cookie: cookies.owner },
    );
    expect(visit.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  it("declares a permission for every admin page, and none for a missing one", () => {
    const files = adminPages().map((p) => p.file);
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(files.filter((f) => !(f in ADMIN_PAGE_PERMISSIONS))).toEqual([]);
    expect(Object.keys(ADMIN_PAGE_PERMISSIONS).filter((f) => !files.includes(f))).toEqual([]);
  });

  it("checks each page's own entry in its loader and action", () => {
    for (const { file } of adminPages()) {
      if (ADMIN_PAGE_PERMISSIONS[file as keyof typeof ADMIN_PAGE_PERMISSIONS] === PUBLIC) continue;
      const source = fs.readFileSync(path.join(ROOT, "app", file), "utf8");
      // requireAdmin with the page's own entry, directly or through the shared preamble
      // (adminRecord / adminRecordAction in app/lib/admin-route.server.ts, decision 270).
      const page = source.includes(`const PAGE = "${file}";`) ? `(?:PAGE|"${file}")` : `"${file}"`;
      const guard = new RegExp(
        `requireAdmin\\(\\s*request,\\s*context,\\s*"${file}",?\\s*\\)|adminRecord(?:Action)?\\(\\s*args,\\s*${page},`,
      );
      for (const fn of ["loader", "action"]) {
        const body = new RegExp(`export async function ${fn}[\\s\\S]*?\\n}`).exec(source)?.[0];
        if (body !== undefined) expect(body, `${file} ${fn}`).toMatch(guard);
      }
    }
  });

  it("opens each page to the roles its permission names and refuses the others (403)", async () => {
    const answered: { role: StaffRole; page: string; refused: boolean }[] = [];
    const expected: typeof answered = [];
    for (const role of STAFF_ROLES) {
      for (const { file, path: pattern } of adminPages()) {
        const permission = ADMIN_PAGE_PERMISSIONS[file as keyof typeof ADMIN_PAGE_PERMISSIONS];
        if (permission === PUBLIC) continue;
        const url = pattern.replace(/:orderId/, String(orderId)).replace(/:\w+/g, "1");
        const res = await store.app.request(url, { headers: { cookie: cookies[role] } });
        const html = await res.text();
        expect(res.status, `${role} ${url}`).not.toBe(401);
        expect(res.status, `${role} ${url}`).toBeLessThan(500);
        const refused = res.status === 403;
        if (refused) expect(html).toContain("Not available to your role");
        answered.push({ role, page: file, refused });
        expected.push({ role, page: file, refused: !roleHas(role, permission) });
      }
    }
    expect(answered).toEqual(expected);
    expect(answered.filter((a) => a.role === "installer" && !a.refused).length).toBeGreaterThan(3);
  }, 120_000);

  it("shows each role only the navigation links it may follow", async () => {
    const nav = async (role: StaffRole) => {
      const html = await (
        await store.app.request("/admin/password", { headers: { cookie: cookies[role] } })
      ).text();
      const menu = /<nav aria-label="Admin"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
      return [...menu.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    };
    expect(await nav("installer")).toEqual([
      "/admin",
      "/admin/visits",
      // Installers build quotes on their visits.
      "/admin/quotes",
      "/admin/schedule",
      // The texts of his visits' customers (decision 552).
      "/admin/texts",
      "/admin/password",
      "/admin/two-factor",
    ]);
    expect(await nav("office")).not.toContain("/admin/staff");
    expect(await nav("office")).not.toContain("/admin/audit");
    expect(await nav("office")).not.toContain("/admin/security");
    expect(await nav("office")).not.toContain("/admin/reports");
    expect(await nav("office")).toContain("/admin/two-factor");
    expect(await nav("owner")).toEqual(
      expect.arrayContaining([
        "/admin/staff",
        "/admin/audit",
        "/admin/reports",
        "/admin/security",
        "/admin/two-factor",
      ]),
    );
  });

  it("asks for the two-factor code on the login form, keeping the email", async () => {
    const person = await addWorkingStaff(store, cookies.owner, "office");
    const secret = newTotpSecret();
    await store.services.db
      .updateTable("staff")
      .set({ totp_secret: secret, totp_enabled: 1 })
      .where("id", "=", person.id)
      .execute();
    const post = (fields: Record<string, string>) =>
      store.app.request("/admin", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": "10.44.0.1",
        },
        body: new URLSearchParams({ intent: "login", redirectTo: "/admin", ...fields }).toString(),
      });
    const first = await post({ email: person.email, password: person.password });
    const html = await first.text();
    expect(first.status).toBe(401);
    expect(html).toContain("Enter the code from your authenticator app.");
    expect(html).toMatch(/<label[^>]*>Two-factor code<\/label>/);
    expect(html).toContain(`value="${person.email}"`);
    const second = await post({
      email: person.email,
      password: person.password,
      code: totpCodeAt(secret, Date.now()),
    });
    expect(second.status).toBe(302);
    expect(second.headers.get("set-cookie")).toMatch(/^admin_session=/);
  });

  it("leaves a device cookie at a login through the form, which lets its browser in while the account is locked to new ones", async () => {
    const person = await addWorkingStaff(store, cookies.owner, "office");
    const post = (fields: Record<string, string>, address: string, cookie = "") =>
      store.app.request("/admin", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": address,
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams({ intent: "login", redirectTo: "/admin", ...fields }).toString(),
      });
    const first = await post({ email: person.email, password: person.password }, "10.44.1.1");
    expect(first.status).toBe(302);
    const setCookies = first.headers.getSetCookie();
    expect(setCookies[0]).toMatch(/^admin_session=/);
    const device = setCookies.find((c) => c.startsWith(`admin_device_${person.id}=`)) ?? "";
    expect(device).toContain("HttpOnly");
    expect(device).toContain("SameSite=Strict");
    // The account locked for new browsers (as 101 failures in a row would leave it).
    await countFailureRun(
      store.services.db,
      `login-account:${person.email}`,
      ACCOUNT_FAILURE_LIMIT + 1,
      {
        limit: ACCOUNT_FAILURE_LIMIT,
        lockMs: 15 * 60_000,
        memoryMs: 24 * 60 * 60_000,
        nowMs: Date.now(),
      },
    );
    const refused = await post({ email: person.email, password: person.password }, "10.44.1.2");
    expect(refused.status).toBe(429);
    const known = await post(
      { email: person.email, password: person.password },
      "10.44.1.2",
      device.split(";")[0],
    );
    expect(known.status).toBe(302);
  });

  it("keeps the calendar links on the staff page, and refuses its actions to office", async () => {
    const person = await addWorkingStaff(store, cookies.owner, "installer");
    const post = (cookie: string, intent: string) =>
      store.app.request("/admin/staff", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams({ intent, staffId: String(person.id) }).toString(),
      });
    const made = await post(cookies.owner, "create-feed");
    expect(made.status).toBe(200);
    expect(await made.text()).toMatch(/Calendar link \(copy it now; it is shown only once\): http/);
    const revoked = await post(cookies.owner, "revoke-feed");
    expect(await revoked.text()).toContain("Calendar link revoked.");
    expect((await post(cookies.office, "create-feed")).status).toBe(403);
  });

  it("sends a temporary password to /admin/password and nowhere else", async () => {
    const email = "page.temp@example.com";
    const added = await request(
      store,
      "POST",
      "/api/admin/staff",
      { name: "Page Temp", email, role: "office", password: "temporary-9" },
      { cookie: cookies.owner },
    );
    expect(added.status).toBe(201);
    const cookie = await loginAs(store, email, "temporary-9");
    for (const url of ["/admin", "/admin/orders", "/admin/schedule"]) {
      const res = await store.app.request(url, { headers: { cookie } });
      expect({ url, status: res.status }).toEqual({ url, status: 302 });
      expect(res.headers.get("location")).toBe("/admin/password");
    }
    const page = await store.app.request("/admin/password", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("temporary password");
  });

  it("sends a person without two-factor to /admin/two-factor while owners require it", async () => {
    const person = await addWorkingStaff(store, cookies.owner, "office");
    await store.services.db
      .updateTable("back_office_settings")
      .set({ require_two_factor: 1 })
      .execute();
    try {
      const res = await store.app.request("/admin/orders", {
        headers: { cookie: person.cookie },
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin/two-factor");
      const password = await store.app.request("/admin/password", {
        headers: { cookie: person.cookie },
      });
      expect(password.status).toBe(200);
    } finally {
      await store.services.db
        .updateTable("back_office_settings")
        .set({ require_two_factor: 0 })
        .execute();
    }
  });
});
