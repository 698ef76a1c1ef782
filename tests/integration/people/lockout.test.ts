/**
 * Nobody locks the owner out: 150 wrong logins on an account from 150 addresses leave a browser that signed in before
 * able to sign in at once and refuse new browsers only after 100; a known browser is refused
 * only after 10 failures of its own; another account's attack never reaches the owner; a flood
 * of bogus logins answered 503 counts as no failure and the right password works within a
 * second of its end. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { countFailureRun } from "../../../server/db/repositories/platform/rate-limits";
import { ACCOUNT_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT } from "../../../server/login-attempts";
import {
  addWorkingStaff,
  loginCookie,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
} from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

let serial = 0;
/** A fresh address for each new browser, none shared with another test. */
const freshAddress = () => `10.46.${(++serial >> 8) & 255}.${serial & 255}`;

describeEachDialect("lockouts on %s", (dialect) => {
  let store: TestStore;
  let owner: string;

  const login = (email: string, password: string, address: string, device = "") =>
    request(
      store,
      "POST",
      "/api/admin/login",
      { email, password },
      { "x-forwarded-for": address, ...(device ? { cookie: device } : {}) },
    );

  /** Signs in and keeps what the browser keeps: the device cookie (`name=value`). */
  async function knownBrowser(email: string, password: string): Promise<string> {
    const res = await login(email, password, freshAddress());
    expect(res.status).toBe(200);
    const device = res.headers.getSetCookie().find((c) => c.startsWith("admin_device_"));
    if (!device) throw new Error("no device cookie");
    return device.split(";")[0] ?? "";
  }

  /** `n` wrong logins on `email`, each from its own new browser, `at once` at a time. */
  async function spread(email: string, n: number, spellings: (i: number) => string = () => email) {
    const statuses: number[] = [];
    const batch = 25;
    for (let from = 0; from < n; from += batch) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(batch, n - from) }, (_, k) =>
          login(spellings(from + k), `wrong-guess-${from + k}`, freshAddress()),
        ),
      );
      for (const a of answers) {
        statuses.push(a.status);
        if (a.status === 429) {
          expect(a.body.error.message).toContain("this account");
          const wait = Number(a.headers.get("retry-after"));
          expect(wait).toBeGreaterThan(0);
          expect(wait).toBeLessThanOrEqual(15 * 60);
        }
      }
    }
    return statuses;
  }

  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  const auditOf = (staffId: number, kind: "login_failed" | "login_locked") =>
    store.services.db
      .selectFrom("audit_log")
      .select("summary")
      .where("staff_id", "=", staffId)
      .where("kind", "=", kind)
      .execute();

  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    owner = await loginCookie(store, { "x-forwarded-for": freshAddress() });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("150 wrong logins from 150 addresses: 100 answered 401, a new browser refused after them, a known one signs in at once", async () => {
    const victim = await addWorkingStaff(store, owner, "office");
    const device = await knownBrowser(victim.email, victim.password);
    const ownersDevice = await knownBrowser(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    // Every spelling of the email is the one account.
    const spellings = (i: number) =>
      i % 3 === 0 ? victim.email.toUpperCase() : i % 3 === 1 ? `  ${victim.email} ` : victim.email;
    const statuses = await spread(victim.email, 150, spellings);
    expect([count(statuses, 401), count(statuses, 429)]).toEqual([ACCOUNT_FAILURE_LIMIT, 50]);

    // A new browser with the right password: refused for the account, 15 minutes at most.
    const refused = await login(victim.email, victim.password, freshAddress());
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toContain("this account");

    // Neither the owner's known browser nor a new one of his is touched by it.
    expect(
      (await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, freshAddress(), ownersDevice)).status,
    ).toBe(200);
    expect((await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, freshAddress())).status).toBe(200);

    // The browser that signed in before signs in at once, and its success reopens the account.
    const started = performance.now();
    const known = await login(victim.email, victim.password, freshAddress(), device);
    expect(known.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await login(victim.email, victim.password, freshAddress())).status).toBe(200);

    // Every 401 is in the audit log; the lockout once, when it started.
    expect(await auditOf(victim.id, "login_failed")).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    const lockouts = await auditOf(victim.id, "login_locked");
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]?.summary).toContain("100 failed logins in a row");
  }, 120_000);

  it("refuses a known browser only after 10 failures of its own, which count nowhere else", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    const device = await knownBrowser(person.email, person.password);
    const address = freshAddress();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expect((await login(person.email, `own-typo-${i}`, address, device)).status).toBe(401);
    }
    const limited = await login(person.email, person.password, address, device);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toContain("this browser");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login(person.email, person.password, address, device)).status).toBe(429);
    expect(await auditOf(person.id, "login_locked")).toHaveLength(1);
    // Its failures counted neither on its address nor on the account: a new browser at the
    // same address signs in.
    expect((await login(person.email, person.password, address)).status).toBe(200);
  });

  it("lets the account's own signed device cookie in from an address others have exhausted, and no other", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    const other = await addWorkingStaff(store, owner, "office");
    const res = await login(person.email, person.password, freshAddress());
    const header = res.headers.getSetCookie().find((c) => c.startsWith("admin_device_")) ?? "";
    expect(header).toMatch(/^admin_device_\d+=[^;]+; Max-Age=31536000; Path=\//);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Strict");
    const device = header.split(";")[0] ?? "";
    const [, issued, nonce, mac] = device.slice(device.indexOf("=") + 1).split(".");

    const shared = freshAddress();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expect((await login(other.email, `guess-${i}`, shared)).status).toBe(401);
    }
    const exhausted = await login(person.email, person.password, shared);
    expect(exhausted.status).toBe(429);
    expect(exhausted.body.error.message).toContain("this address");
    // Judged as new browsers, refused by the address without a hash: another account's cookie,
    // that token re-bound to the other account, and a signature that is not the store's.
    const forgeries: [string, string][] = [
      [other.email, device],
      [other.email, `admin_device_${other.id}=${other.id}.${issued}.${nonce}.${mac}`],
      [person.email, `admin_device_${person.id}=${person.id}.${issued}.${nonce}.${"A".repeat(43)}`],
    ];
    for (const [email, forged] of forgeries) {
      const password = email === other.email ? other.password : person.password;
      const refused = await login(email, password, shared, forged);
      expect({ forged, status: refused.status }).toEqual({ forged, status: 429 });
    }
    expect((await login(person.email, person.password, shared, device)).status).toBe(200);
  });

  it("a wrong current password at POST /api/admin/password counts on the known browser's own count", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    const device = await knownBrowser(person.email, person.password);
    const address = freshAddress();
    const change = (currentPassword: string) =>
      request(
        store,
        "POST",
        "/api/admin/password",
        { currentPassword, newPassword: "a-brand-new-password-46" },
        { cookie: `${person.cookie}; ${device}`, "x-forwarded-for": address },
      );
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expect((await change(`wrong-current-${i}`)).status).toBe(400);
    }
    const refused = await change(person.password);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toContain("this browser");
    expect((await login(person.email, person.password, address, device)).status).toBe(429);
    // The address and the account were not counted.
    expect((await login(person.email, person.password, address)).status).toBe(200);
  });

  it("a 60-way flood of bogus logins counts no 503 as a failure; the right password works within a second of its end", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    const device = await knownBrowser(person.email, person.password);
    const flood = () =>
      Array.from({ length: 60 }, (_, i) => login(person.email, `flood-${i}`, freshAddress()));

    const first = await Promise.all(flood());
    const ended = performance.now();
    const statuses = first.map((r) => r.status);
    expect(count(statuses, 401) + count(statuses, 503)).toBe(60);
    // The bounded queue refused some; each 503 asks to retry soon.
    expect(count(statuses, 503)).toBeGreaterThan(0);
    for (const r of first.filter((a) => a.status === 503)) {
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Only the 401s are on the account's count.
    const run = await store.services.db
      .selectFrom("rate_limits")
      .select("points")
      .where("key", "=", `login-account:${person.email}`)
      .executeTakeFirstOrThrow();
    expect(Number(run.points)).toBe(count(statuses, 401));
    const fresh = await login(person.email, person.password, freshAddress());
    expect(fresh.status).toBe(200);
    expect(performance.now() - ended).toBeLessThan(1_000);

    // During a second flood the known browser's right password is answered, and before the
    // flood is over: its hash goes ahead of the queue.
    const second = flood();
    const knownAt = performance.now();
    const known = await login(person.email, person.password, freshAddress(), device);
    const knownMs = performance.now() - knownAt;
    const rest = await Promise.all(second);
    const floodMs = performance.now() - knownAt;
    expect(known.status).toBe(200);
    expect(knownMs).toBeLessThan(floodMs);
    expect(rest.every((r) => r.status === 401 || r.status === 503)).toBe(true);
  }, 60_000);

  it("setting the owner's password anew (ADMIN_PASSWORD at a restart) reopens his account to new browsers", async () => {
    const { db } = store.services;
    await countFailureRun(db, `login-account:${TEST_ADMIN_EMAIL}`, ACCOUNT_FAILURE_LIMIT + 1, {
      limit: ACCOUNT_FAILURE_LIMIT,
      lockMs: 15 * 60_000,
      memoryMs: 24 * 60 * 60_000,
      nowMs: Date.now(),
    });
    expect((await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, freshAddress())).status).toBe(429);
    await store.services.admin.setPassword("a-new-admin-password-46");
    try {
      expect(
        (await login(TEST_ADMIN_EMAIL, "a-new-admin-password-46", freshAddress())).status,
      ).toBe(200);
    } finally {
      await store.services.admin.setPassword(TEST_ADMIN_PASSWORD);
    }
  });
});
