import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { adminRoutes, PUBLIC_ADMIN_ROUTES } from "../../../server/api/admin";
import { LOGIN_FAILURE_LIMIT } from "../../../server/services/people/admin-auth";
import { loginCookie, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

/** Every registered admin route as "METHOD /path" (middleware entries left out). */
function registeredRoutes(store: TestStore): string[] {
  const routes = adminRoutes(store.services).routes;
  return [
    ...new Set(
      routes
        .filter((r) => r.method !== "ALL" && r.path !== "/*")
        .map((r) => `${r.method} ${r.path}`),
    ),
  ];
}

function callRoute(store: TestStore, route: string, cookie?: string) {
  const [method, path] = route.split(" ") as [string, string];
  const url = `/api/admin${path.replace(/:[A-Za-z]+/g, "1")}`;
  const headers: Record<string, string> = cookie ? { cookie } : {};
  return request(store, method, url, method === "GET" ? undefined : {}, headers);
}

/**
 * Wrong guesses at an address's limit go to an account nobody has: failed logins also count per
 * account, and the owner's account must stay usable for the tests that follow.
 */
let guessedSerial = 0;
const guessedEmail = () => `guessed.account.${++guessedSerial}@example.com`;

describeEachDialect("admin authentication on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("registers the admin routes the back office needs", () => {
    const routes = registeredRoutes(store);
    expect(routes).toEqual(
      expect.arrayContaining([
        "POST /login",
        "POST /logout",
        "GET /session",
        "GET /orders",
        "GET /orders.csv",
        "GET /orders/:id",
        "POST /orders/:id/status",
        "POST /orders/:id/notes",
        "GET /reviews",
        "POST /reviews/:id/approve",
        "POST /reviews/:id/reject",
        "GET /messages",
        "GET /messages/:id",
        "POST /messages/:id/handled",
        "GET /dashboard",
        "GET /visits",
        "GET /orders/:id/visits",
        "POST /orders/:id/visits",
        "PATCH /visits/:id",
        "PATCH /orders/:id/items/:itemId",
        "GET /orders/:id/payments",
        "POST /orders/:id/payments",
        "POST /orders/:id/receipt",
        "GET /staff",
        "POST /staff",
        "POST /staff/:id/calendar-feed",
        "DELETE /staff/:id/calendar-feed",
        "GET /samples",
        "POST /samples/:id/handled",
        "GET /estimates",
        "GET /estimates/:id",
        "POST /estimates/:id/handled",
        "GET /estimates/:id/photos/:photoId",
        "GET /catalog",
        "PATCH /products/:id",
        "PATCH /zebra-collections/:slug",
        "PATCH /zebra-fabrics/:slug",
        "PATCH /installation-prices",
        "PATCH /services/:id",
        "PATCH /colors/:key",
        "POST /colors",
        "PATCH /staff/:id",
        "POST /password",
        "GET /sessions",
        "DELETE /sessions/:id",
        "GET /audit",
      ]),
    );
  });

  it("answers 401 with no-store on every registered route without a session", async () => {
    const routes = registeredRoutes(store).filter((r) => !PUBLIC_ADMIN_ROUTES.includes(r));
    expect(routes.length).toBeGreaterThanOrEqual(13);
    for (const route of routes) {
      const res = await callRoute(store, route);
      expect({ route, status: res.status }).toEqual({ route, status: 401 });
      expect(res.body.error.code).toBe("unauthorized");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("answers every route with a session (never 401) and no-store", async () => {
    const cookie = await loginCookie(store, { "x-forwarded-for": "10.0.0.1" });
    for (const route of registeredRoutes(store).filter(
      (r) => r !== "POST /logout" && !PUBLIC_ADMIN_ROUTES.includes(r),
    )) {
      const res = await callRoute(store, route, cookie);
      expect({ route, status: res.status }).not.toEqual({ route, status: 401 });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("refuses a forged or malformed cookie", async () => {
    for (const cookie of ["admin_session=abc", `admin_session=${"A".repeat(43)}`, "other=1"]) {
      const res = await request(store, "GET", "/api/admin/orders", undefined, { cookie });
      expect(res.status).toBe(401);
    }
  });

  it("logs in with a 256-bit token in an httpOnly SameSite=Strict cookie", async () => {
    const res = await request(
      store,
      "POST",
      "/api/admin/login",
      { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
      { "x-forwarded-for": "10.0.0.2" },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^admin_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    // The database keeps only the SHA-256 of the token.
    const token = cookie.split(";")[0]!.split("=")[1]!;
    const rows = await store.services.db
      .selectFrom("admin_sessions")
      .select("token_hash")
      .execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it("marks the cookie Secure behind HTTPS (proxy header trusted with TRUST_PROXY)", async () => {
    const direct = await store.app.request("https://shop.example/api/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.0.0.3" },
      body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
    });
    expect(direct.headers.get("set-cookie")).toContain("Secure");
    const proxied = await request(
      store,
      "POST",
      "/api/admin/login",
      { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
      { "x-forwarded-proto": "https", "x-forwarded-for": "10.0.0.3" },
    );
    expect(proxied.headers.get("set-cookie")).toContain("Secure");
  });

  it("gives a new token at every login", async () => {
    const a = await loginCookie(store, { "x-forwarded-for": "10.0.0.4" });
    const b = await loginCookie(store, { "x-forwarded-for": "10.0.0.4" });
    expect(a).not.toBe(b);
    for (const cookie of [a, b]) {
      const res = await request(store, "GET", "/api/admin/session", undefined, { cookie });
      expect(res.status).toBe(200);
      expect(res.body.authenticated).toBe(true);
    }
  });

  it("answers every failed login the same way", async () => {
    const at = new Date().toISOString();
    // An account without a password (staff added before passwords) and a disabled one with the right password.
    await store.services.db
      .insertInto("staff")
      .values([
        {
          name: "No Password",
          email: "nopass@example.com",
          role: "installer",
          created_at: at,
          active: 1,
          password_hash: null,
        },
        {
          name: "Gone Away",
          email: "gone@example.com",
          role: "office",
          created_at: at,
          active: 0,
          password_hash: (
            await store.services.db
              .selectFrom("staff")
              .select("password_hash")
              .where("email", "=", TEST_ADMIN_EMAIL)
              .executeTakeFirstOrThrow()
          ).password_hash,
        },
      ])
      .execute();
    const answers = [];
    let n = 0;
    for (const body of [
      { email: TEST_ADMIN_EMAIL, password: "wrong-password" },
      { email: "nobody@example.com", password: TEST_ADMIN_PASSWORD },
      { email: "nopass@example.com", password: "" },
      { email: "nopass@example.com", password: TEST_ADMIN_PASSWORD },
      { email: "gone@example.com", password: TEST_ADMIN_PASSWORD },
      { password: TEST_ADMIN_PASSWORD },
      { email: TEST_ADMIN_EMAIL, password: "" },
      {},
      { email: 42, password: 12345678 },
      { email: TEST_ADMIN_EMAIL, password: "x".repeat(5000) },
      { email: "x".repeat(5000), password: TEST_ADMIN_PASSWORD },
      { email: TEST_ADMIN_EMAIL, password: `${TEST_ADMIN_PASSWORD} ` },
    ]) {
      // One address each: the limit of 10 failures per address is another test's subject.
      const res = await request(store, "POST", "/api/admin/login", body, {
        "x-forwarded-for": `10.0.1.${++n}`,
      });
      answers.push({ status: res.status, body: res.body, cookie: res.headers.get("set-cookie") });
    }
    for (const a of answers) {
      expect(a).toEqual({
        status: 401,
        body: { error: { code: "unauthorized", message: "Incorrect email or password" } },
        cookie: null,
      });
    }
  });

  it("takes the email in any case and with spaces around it", async () => {
    const res = await request(
      store,
      "POST",
      "/api/admin/login",
      { email: `  ${TEST_ADMIN_EMAIL.toUpperCase()} `, password: TEST_ADMIN_PASSWORD },
      { "x-forwarded-for": "10.0.1.200" },
    );
    expect(res.status).toBe(200);
  });

  it("limits failed logins per address: 429 with Retry-After, even for the right password", async () => {
    const guessed = guessedEmail();
    const from = { "x-forwarded-for": "10.0.2.1" };
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const res = await request(
        store,
        "POST",
        "/api/admin/login",
        { email: guessed, password: "nope-nope" },
        from,
      );
      expect(res.status).toBe(401);
    }
    const blocked = await request(
      store,
      "POST",
      "/api/admin/login",
      { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
      from,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("rate_limited");
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is not affected.
    const other = await request(
      store,
      "POST",
      "/api/admin/login",
      { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
      { "x-forwarded-for": "10.0.2.2" },
    );
    expect(other.status).toBe(200);
  });

  it("counts attempts when they arrive: of 1000 concurrent wrong logins at most 10 are hashed", async () => {
    const guessed = guessedEmail();
    const from = { "x-forwarded-for": "10.0.2.9" };
    const logStart = store.logLines.length;
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        request(
          store,
          "POST",
          "/api/admin/login",
          { email: guessed, password: `burst-guess-${i}` },
          from,
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    const hashed = store.logLines
      .slice(logStart)
      .filter((l) => l.includes('"admin login failed"')).length;
    expect(statuses.filter((s) => s === 401).length).toBe(LOGIN_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBe(1000 - LOGIN_FAILURE_LIMIT);
    expect(hashed).toBe(LOGIN_FAILURE_LIMIT);
    const refused = answers.find((a) => a.status === 429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 60_000);

  it("refuses logins beyond the hashing queue with 503 and Retry-After, never 500", async () => {
    // One attempt from each of 80 addresses at once: the address limit lets them all through,
    // the bounded hashing queue does not.
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        request(
          store,
          "POST",
          "/api/admin/login",
          { email: `nobody-${i}@example.com`, password: "wrong-wrong" },
          { "x-forwarded-for": `10.0.9.${i}` },
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 401 || s === 503),
      statuses.join(","),
    ).toBe(true);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.body.error.code).toBe("unavailable");
    expect(Number(busy[0]?.headers.get("retry-after"))).toBeGreaterThan(0);
    // How many were hashed depends on how fast the 80 arrive against how fast hashes finish
    // (a slot freed early takes a late arrival); the exact bound at any moment is
    // server/services/people/admin-password.test.ts's.
  }, 60_000);

  it("counts IPv6 clients per /64 network", async () => {
    const guessed = guessedEmail();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const res = await request(
        store,
        "POST",
        "/api/admin/login",
        { email: guessed, password: "nope-nope" },
        { "x-forwarded-for": `2001:db8:77:1::${(i + 1).toString(16)}` },
      );
      expect(res.status).toBe(401);
    }
    const sameNetwork = await request(
      store,
      "POST",
      "/api/admin/login",
      { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
      { "x-forwarded-for": "[2001:db8:77:1:ffff::9]:4431" },
    );
    expect(sameNetwork.status).toBe(429);
    const nextNetwork = await request(
      store,
      "POST",
      "/api/admin/login",
      { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
      { "x-forwarded-for": "2001:db8:77:2::1" },
    );
    expect(nextNetwork.status).toBe(200);
  });

  it("does not count successful logins toward the limit", async () => {
    const from = { "x-forwarded-for": "10.0.3.1" };
    for (let i = 0; i < LOGIN_FAILURE_LIMIT + 2; i++) {
      await loginCookie(store, from);
    }
    const res = await request(
      store,
      "POST",
      "/api/admin/login",
      { email: TEST_ADMIN_EMAIL, password: "wrong" },
      from,
    );
    expect(res.status).toBe(401);
  });

  it("logout deletes the session on the server", async () => {
    const cookie = await loginCookie(store, { "x-forwarded-for": "10.0.4.1" });
    const before = await store.services.db.selectFrom("admin_sessions").selectAll().execute();
    const out = await request(store, "POST", "/api/admin/logout", undefined, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^admin_session=;.*Max-Age=0/);
    const after = await store.services.db.selectFrom("admin_sessions").selectAll().execute();
    expect(after.length).toBe(before.length - 1);
    // The old cookie is refused even if the browser kept it.
    const res = await request(store, "GET", "/api/admin/orders", undefined, { cookie });
    expect(res.status).toBe(401);
  });

  it("ends a session idle for 2 hours", async () => {
    const cookie = await loginCookie(store, { "x-forwarded-for": "10.0.5.1" });
    const ok = await request(store, "GET", "/api/admin/orders", undefined, { cookie });
    expect(ok.status).toBe(200);
    const idleSince = new Date(Date.now() - 2 * 60 * 60_000 - 1000).toISOString();
    await store.services.db
      .updateTable("admin_sessions")
      .set({ last_seen_at: idleSince })
      .execute();
    const res = await request(store, "GET", "/api/admin/orders", undefined, { cookie });
    expect(res.status).toBe(401);
  });

  it("ends a session after its 12-hour lifetime even when active", async () => {
    const cookie = await loginCookie(store, { "x-forwarded-for": "10.0.5.2" });
    await store.services.db
      .updateTable("admin_sessions")
      .set({
        expires_at: new Date(Date.now() - 1000).toISOString(),
        last_seen_at: new Date().toISOString(),
      })
      .execute();
    const res = await request(store, "GET", "/api/admin/orders", undefined, { cookie });
    expect(res.status).toBe(401);
    const left = await store.services.db.selectFrom("admin_sessions").selectAll().execute();
    expect(left).toHaveLength(0);
  });

  it("sets a session lifetime of 12 hours", async () => {
    await loginCookie(store, { "x-forwarded-for": "10.0.5.3" });
    const row = await store.services.db
      .selectFrom("admin_sessions")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(12 * 60 * 60_000);
  });

  it("stores only a scrypt hash of the password", async () => {
    const row = await store.services.db
      .selectFrom("staff")
      .selectAll()
      .where("email", "=", TEST_ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("owner");
    expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]{43}$/);
    expect(row.password_hash).not.toContain(TEST_ADMIN_PASSWORD);
  });

  it("a new password ends the owner's sessions and the old password stops working", async () => {
    const cookie = await loginCookie(store, { "x-forwarded-for": "10.0.6.1" });
    await store.services.admin.setPassword("a-brand-new-password");
    const res = await request(store, "GET", "/api/admin/orders", undefined, { cookie });
    expect(res.status).toBe(401);
    const old = await request(
      store,
      "POST",
      "/api/admin/login",
      { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
      { "x-forwarded-for": "10.0.6.1" },
    );
    expect(old.status).toBe(401);
    const fresh = await request(
      store,
      "POST",
      "/api/admin/login",
      { email: TEST_ADMIN_EMAIL, password: "a-brand-new-password" },
      { "x-forwarded-for": "10.0.6.1" },
    );
    expect(fresh.status).toBe(200);
    // ADMIN_PASSWORD at start-up puts the configured password back.
    await store.services.admin.ensurePassword();
    await loginCookie(store, { "x-forwarded-for": "10.0.6.1" });
  });

  it("never writes the password or the token to the log", async () => {
    const all = store.logLines.join("\n");
    expect(all).not.toContain(TEST_ADMIN_PASSWORD);
    expect(all).not.toMatch(/admin_session=[A-Za-z0-9_-]{43}/);
  });
});

describeEachDialect("first start without ADMIN_PASSWORD on %s", (dialect) => {
  let store: TestStore;
  const printed: string[] = [];
  beforeAll(async () => {
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      store = await createTestStore(dialect, { ADMIN_PASSWORD: "" });
      await store.services.admin.ensurePassword();
    } finally {
      spy.mockRestore();
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  it("prints a generated password once, clearly marked, and it logs in", async () => {
    const text = printed.join("");
    const blocks = text.match(/ADMIN PASSWORD \(shown once\)/g) ?? [];
    expect(blocks).toHaveLength(1);
    expect(text).toContain(`Email:    ${TEST_ADMIN_EMAIL}`);
    const password = /Password: (\S+)\n/.exec(text)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(store.logLines.join("\n")).not.toContain(password);
    const res = await request(store, "POST", "/api/admin/login", {
      email: TEST_ADMIN_EMAIL,
      password,
    });
    expect(res.status).toBe(200);
  });
});

describeEachDialect("several processes starting at once on one %s database", (dialect) => {
  let store: TestStore;
  afterAll(async () => {
    await store?.close();
  });

  it("make one first owner and print one password", async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      store = await createTestStore(dialect, { ADMIN_PASSWORD: "" });
      // Back to a store where nobody can sign in, as on a first start.
      const db = store.services.db;
      await db.deleteFrom("admin_sessions").execute();
      await db.deleteFrom("admin_credentials").execute();
      await db.updateTable("staff").set({ password_hash: null }).execute();
      printed.length = 0;
      // Six start-ups at once (each process runs this before it listens).
      await Promise.all(Array.from({ length: 6 }, () => store.services.admin.ensurePassword()));
    } finally {
      spy.mockRestore();
    }
    const text = printed.join("");
    expect(text.match(/ADMIN PASSWORD \(shown once\)/g) ?? []).toHaveLength(1);
    const owners = await store.services.db
      .selectFrom("staff")
      .select(["email", "role"])
      .where("password_hash", "is not", null)
      .execute();
    expect(owners).toEqual([{ email: TEST_ADMIN_EMAIL, role: "owner" }]);
    const password = /Password: (\S+)\n/.exec(text)?.[1];
    const res = await request(store, "POST", "/api/admin/login", {
      email: TEST_ADMIN_EMAIL,
      password,
    });
    expect(res.status).toBe(200);
  });
});
