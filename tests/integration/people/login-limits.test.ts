/**
 * Failed logins count per address and per account (decisions 191, 460; the account's own
 * battery is lockout.test.ts): a successful login clears only its account's count, never the
 * address's; a wrong current password at POST /api/admin/password counts as a failed login.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { countFailureRun } from "../../../server/db/repositories/platform/rate-limits";
import { ACCOUNT_FAILURE_LIMIT } from "../../../server/login-attempts";
import { LOGIN_FAILURE_LIMIT } from "../../../server/rate-limits";
import { addWorkingStaff, loginCookie } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("failed logins per address and per account on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  const login = (email: string, password: string, address: string) =>
    request(store, "POST", "/api/admin/login", { email, password }, { "x-forwarded-for": address });

  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    owner = await loginCookie(store, { "x-forwarded-for": "10.19.0.1" });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("a staff member's own login does not reset the guesses his address made at another account", async () => {
    const attacker = await addWorkingStaff(store, owner, "office");
    const victim = await addWorkingStaff(store, owner, "office");
    const address = "10.19.1.1";
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i++) {
      expect((await login(victim.email, `guess-${i}`, address)).status).toBe(401);
    }
    // His own login succeeds (it was no failure) but leaves the 9 guesses counted.
    expect((await login(attacker.email, attacker.password, address)).status).toBe(200);
    expect((await login(victim.email, "guess-last", address)).status).toBe(401);
    // The address has made 10 failed logins: even his own right password waits now.
    const limited = await login(attacker.email, attacker.password, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("successful logins from one address never add up to a limit", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    for (let i = 0; i < LOGIN_FAILURE_LIMIT + 3; i++) {
      expect((await login(person.email, person.password, "10.19.2.1")).status).toBe(200);
    }
  });

  it("a wrong current password at POST /api/admin/password counts as a failed login", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    const address = { "x-forwarded-for": "10.19.4.1" };
    const change = (currentPassword: string) =>
      request(
        store,
        "POST",
        "/api/admin/password",
        { currentPassword, newPassword: "a-brand-new-password-19" },
        { cookie: person.cookie, ...address },
      );
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const res = await change(`wrong-current-${i}`);
      expect(res.status).toBe(400);
    }
    const limited = await change(person.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same count as the login form's: this address can't log in either.
    expect((await login(person.email, person.password, "10.19.4.1")).status).toBe(429);
    const audit = await store.services.db
      .selectFrom("audit_log")
      .select("summary")
      .where("kind", "=", "login_failed")
      .where("staff_id", "=", person.id)
      .execute();
    expect(audit.length).toBe(LOGIN_FAILURE_LIMIT);
  });

  it("the right current password changes it and clears the account's count", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    // The account's run of failures from new browsers: the change's own attempt is the 100th.
    await countFailureRun(
      store.services.db,
      `login-account:${person.email}`,
      ACCOUNT_FAILURE_LIMIT - 1,
      {
        limit: ACCOUNT_FAILURE_LIMIT,
        lockMs: 15 * 60_000,
        memoryMs: 24 * 60 * 60_000,
        nowMs: Date.now(),
      },
    );
    const res = await request(
      store,
      "POST",
      "/api/admin/password",
      { currentPassword: person.password, newPassword: "another-new-password-19" },
      { cookie: person.cookie, "x-forwarded-for": "10.19.5.100" },
    );
    expect(res.status).toBe(200);
    // Cleared: two more wrong guesses at the account are answered 401, not 429.
    expect((await login(person.email, "x-wrong-1", "10.19.5.101")).status).toBe(401);
    expect((await login(person.email, "x-wrong-2", "10.19.5.102")).status).toBe(401);
  });
});
