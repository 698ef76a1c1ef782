/**
 * Staff sign-in: the session
 * carries the person, temporary passwords, two-factor at login, the owners' "two-factor for
 * everyone" gate, the first owner taking over an earlier install's shared password, and the
 * audit entries of logins. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { AuditKind } from "../../../domain/people/staff-schema";
import { LOGIN_FAILURE_LIMIT } from "../../../server/services/people/admin-auth";
import { hashPassword } from "../../../server/services/people/admin-password";
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpCodeAt,
} from "../../../server/services/people/two-factor-codes";
import {
  addWorkingStaff,
  loginAs,
  loginCookie,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
} from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

let addressSerial = 0;
/** A fresh client address, so tests do not share the failed-login count. */
function from(): Record<string, string> {
  addressSerial++;
  return { "x-forwarded-for": `10.31.${Math.floor(addressSerial / 250)}.${addressSerial % 250}` };
}

describeEachDialect("staff sessions on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    owner = await loginCookie(store, from());
  });
  afterAll(async () => {
    await store?.close();
  });

  const get = (path: string, cookie: string) =>
    request(store, "GET", `/api/admin${path}`, undefined, { cookie });

  async function auditKinds(staffId: number | null, kind: AuditKind) {
    let q = store.services.db.selectFrom("audit_log").selectAll().where("kind", "=", kind);
    q = staffId === null ? q.where("staff_id", "is", null) : q.where("staff_id", "=", staffId);
    return q.execute();
  }

  it("carries the signed-in person in the session", async () => {
    const res = await get("/session", owner);
    expect(res.status).toBe(200);
    expect(res.body.staff).toMatchObject({
      email: TEST_ADMIN_EMAIL,
      role: "owner",
      mustChangePassword: false,
      twoFactorEnabled: false,
      twoFactorRequired: false,
    });
    expect(res.body.staff.id).toBeGreaterThan(0);
  });

  it("lets a temporary password do nothing but change the password", async () => {
    const email = "temp.person@example.com";
    const added = await request(
      store,
      "POST",
      "/api/admin/staff",
      { name: "Temp Person", email, role: "office", password: "temporary-1" },
      { cookie: owner },
    );
    expect(added.status).toBe(201);
    const cookie = await loginAs(store, email, "temporary-1", from());
    for (const path of ["/orders", "/visits", "/dashboard", "/staff"]) {
      const res = await get(path, cookie);
      expect({ path, status: res.status, code: res.body.error?.code }).toEqual({
        path,
        status: 403,
        code: "password_change_required",
      });
    }
    const session = await get("/session", cookie);
    expect(session.status).toBe(200);
    expect(session.body.staff.mustChangePassword).toBe(true);
    const wrong = await request(
      store,
      "POST",
      "/api/admin/password",
      { currentPassword: "not-it-at-all", newPassword: "my-own-password-1" },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    const changed = await request(
      store,
      "POST",
      "/api/admin/password",
      { currentPassword: "temporary-1", newPassword: "my-own-password-1" },
      { cookie },
    );
    expect(changed.status).toBe(200);
    expect((await get("/orders", cookie)).status).toBe(200);
    // The temporary password is gone; the new one logs in.
    await expect(loginAs(store, email, "temporary-1", from())).rejects.toThrow();
    await loginAs(store, email, "my-own-password-1", from());
    const entries = await auditKinds(added.body.id, "password");
    expect(entries.map((e) => e.summary)).toEqual(["Replaced the temporary password"]);
  });

  it("ends one's other sessions when one changes the password, and keeps this one", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    const here = await loginAs(store, person.email, person.password, from());
    const elsewhere = await loginAs(store, person.email, person.password, from());
    const res = await request(
      store,
      "POST",
      "/api/admin/password",
      { currentPassword: person.password, newPassword: "another-password-9" },
      { cookie: here },
    );
    expect(res.status).toBe(200);
    expect((await get("/orders", here)).status).toBe(200);
    expect((await get("/orders", elsewhere)).status).toBe(401);
    expect((await get("/orders", person.cookie)).status).toBe(401);
  });

  it("asks for the code of an account with two-factor, counts a wrong one, refuses a replay", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    const secret = newTotpSecret();
    const [recoveryCode = ""] = newRecoveryCodes();
    await store.services.db
      .updateTable("staff")
      .set({ totp_secret: secret, totp_enabled: 1 })
      .where("id", "=", person.id)
      .execute();
    await store.services.db
      .insertInto("staff_recovery_codes")
      .values({ staff_id: person.id, code_hash: hashRecoveryCode(recoveryCode), used_at: null })
      .execute();
    const login = (body: Record<string, unknown>, headers = from()) =>
      request(store, "POST", "/api/admin/login", { email: person.email, ...body }, headers);

    const noCode = await login({ password: person.password });
    expect(noCode.status).toBe(401);
    // Keyed by the field the login form shows it under.
    expect(noCode.body.error).toEqual({
      code: "code_required",
      message: "Enter the code from your authenticator app.",
      fields: { code: "Enter the code from your authenticator app." },
    });
    expect(noCode.headers.get("set-cookie")).toBeNull();
    // A right code with a wrong password is still just a wrong login.
    const wrongPassword = await login({
      password: "wrong-password",
      code: totpCodeAt(secret, Date.now()),
    });
    expect(wrongPassword.body.error.code).toBe("unauthorized");

    const failedBefore = (await auditKinds(person.id, "login_failed")).length;
    const wrongCode = await login({ password: person.password, code: "000000" });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body.error.code).toBe("code_required");
    expect((await auditKinds(person.id, "login_failed")).length).toBe(failedBefore + 1);

    const code = totpCodeAt(secret, Date.now());
    const ok = await login({ password: person.password, code });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("set-cookie")).toMatch(/^admin_session=/);
    const replay = await login({ password: person.password, code });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe("code_required");

    const recovery = await login({ password: person.password, code: recoveryCode.toLowerCase() });
    expect(recovery.status).toBe(200);
    const again = await login({ password: person.password, code: recoveryCode });
    expect(again.status).toBe(401);

    // Wrong codes count toward the address's failed logins like wrong passwords.
    const address = from();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      await login({ password: person.password, code: "111111" }, address);
    }
    const limited = await login(
      { password: person.password, code: totpCodeAt(secret, Date.now() + 30_000) },
      address,
    );
    expect(limited.status).toBe(429);
  });

  it("gates a session without two-factor while owners require it for everyone", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    const enrolled = await addWorkingStaff(store, owner, "office");
    await store.services.db
      .updateTable("staff")
      .set({ totp_secret: newTotpSecret(), totp_enabled: 1 })
      .where("id", "=", enrolled.id)
      .execute();
    await store.services.db
      .updateTable("back_office_settings")
      .set({ require_two_factor: 1 })
      .execute();
    try {
      for (const path of ["/orders", "/visits", "/dashboard"]) {
        const res = await get(path, person.cookie);
        expect({ path, status: res.status, code: res.body.error?.code }).toEqual({
          path,
          status: 403,
          code: "two_factor_required",
        });
      }
      const session = await get("/session", person.cookie);
      expect(session.status).toBe(200);
      expect(session.body.staff.twoFactorRequired).toBe(true);
      // Routes of the two-factor set-up are let through to their own permission check.
      const setup = await get("/two-factor", person.cookie);
      expect(setup.status).toBe(200);
      expect(setup.body).toMatchObject({ enabled: false, required: true });
      // Logging in still works (the person must be able to reach the set-up page).
      await loginAs(store, person.email, person.password, from());
      // An account that has two-factor is not gated.
      const secret = await store.services.db
        .selectFrom("staff")
        .select("totp_secret")
        .where("id", "=", enrolled.id)
        .executeTakeFirstOrThrow();
      expect(secret.totp_secret).not.toBeNull();
      expect((await get("/orders", enrolled.cookie)).status).toBe(200);
      const out = await request(store, "POST", "/api/admin/logout", undefined, {
        cookie: person.cookie,
      });
      expect(out.status).toBe(200);
    } finally {
      await store.services.db
        .updateTable("back_office_settings")
        .set({ require_two_factor: 0 })
        .execute();
    }
  });

  it("records logins, failed logins and logouts in the audit log", async () => {
    const person = await addWorkingStaff(store, owner, "installer");
    const logins = await auditKinds(person.id, "login");
    expect(logins.length).toBeGreaterThanOrEqual(1);
    expect(logins[0]?.summary).toBe("Logged in");
    await request(
      store,
      "POST",
      "/api/admin/login",
      { email: "Someone.Else@Example.com", password: "guess-guess" },
      from(),
    );
    const failed = await auditKinds(null, "login_failed");
    const unknown = failed.find((e) => e.actor === "someone.else@example.com");
    expect(unknown?.summary).toBe("Failed login: unknown email");
    // A password typed into the email field is not kept.
    await request(
      store,
      "POST",
      "/api/admin/login",
      { email: "MySecret-Passw0rd", password: "" },
      from(),
    );
    const all = await auditKinds(null, "login_failed");
    expect(all.map((e) => e.actor)).not.toContain("mysecret-passw0rd");
    expect(all.map((e) => e.actor)).toContain("(not an email address)");
    await request(store, "POST", "/api/admin/logout", undefined, { cookie: person.cookie });
    const outs = await auditKinds(person.id, "logout");
    expect(outs.map((e) => e.actor)).toEqual([expect.stringMatching(/^installer /)]);
  });

  it("refuses a disabled account's login and ends its sessions at once", async () => {
    const person = await addWorkingStaff(store, owner, "office");
    expect((await get("/orders", person.cookie)).status).toBe(200);
    const off = await request(
      store,
      "PATCH",
      `/api/admin/staff/${person.id}`,
      { active: false },
      { cookie: owner },
    );
    expect(off.status).toBe(200);
    expect((await get("/orders", person.cookie)).status).toBe(401);
    await expect(loginAs(store, person.email, person.password, from())).rejects.toThrow();
  });
});

describeEachDialect("the first owner on %s", (dialect) => {
  let store: TestStore;
  const printed: string[] = [];
  beforeAll(async () => {
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      store = await createTestStore(dialect, { ADMIN_PASSWORD: "", TRUST_PROXY: "true" });
    } finally {
      spy.mockRestore();
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  it("takes over the shared password of an install from before staff accounts", async () => {
    const { db } = store.services;
    // As an earlier install left it: one shared hash, staff from before passwords without passwords.
    await db.updateTable("staff").set({ password_hash: null }).execute();
    await db
      .insertInto("admin_credentials")
      .values({
        id: 1,
        password_hash: await hashPassword("the-old-shared-password"),
        updated_at: new Date().toISOString(),
      })
      .onConflict((oc) =>
        oc.column("id").doUpdateSet((eb) => ({ password_hash: eb.ref("excluded.password_hash") })),
      )
      .execute();
    const printedBefore = printed.length;
    await store.services.admin.ensurePassword();
    expect(printed.length).toBe(printedBefore);
    const owner = await db
      .selectFrom("staff")
      .selectAll()
      .where("email", "=", TEST_ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    expect(owner).toMatchObject({ role: "owner", active: 1, must_change_password: 0 });
    await loginAs(store, TEST_ADMIN_EMAIL, "the-old-shared-password", from());
    // Once an owner can sign in, start-up changes nothing.
    await store.services.admin.ensurePassword();
    await loginAs(store, TEST_ADMIN_EMAIL, "the-old-shared-password", from());
  });

  it("keeps a staff row from before passwords (none set) out until an owner gives it one", async () => {
    const { db } = store.services;
    await db
      .insertInto("staff")
      .values({
        name: "Luis",
        email: "luis@example.com",
        role: "installer",
        active: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const refused = await request(
      store,
      "POST",
      "/api/admin/login",
      { email: "luis@example.com", password: TEST_ADMIN_PASSWORD },
      from(),
    );
    expect(refused.status).toBe(401);
    const owner = await loginAs(store, TEST_ADMIN_EMAIL, "the-old-shared-password", from());
    const given = await request(
      store,
      "POST",
      "/api/admin/staff",
      {
        name: "Luis Ortega",
        email: "luis@example.com",
        role: "installer",
        password: "temp-pass-2",
      },
      { cookie: owner },
    );
    expect(given.status).toBe(201);
    const cookie = await loginAs(store, "luis@example.com", "temp-pass-2", from());
    expect((await get(cookie)).body.staff).toMatchObject({
      name: "Luis Ortega",
      role: "installer",
      mustChangePassword: true,
    });
    // The same email again is a conflict now that the account can sign in.
    const again = await request(
      store,
      "POST",
      "/api/admin/staff",
      { name: "Luis", email: "luis@example.com", role: "office", password: "temp-pass-3" },
      { cookie: owner },
    );
    expect(again.status).toBe(409);
  });

  function get(cookie: string) {
    return request(store, "GET", "/api/admin/session", undefined, { cookie });
  }
});

describeEachDialect("the last owner on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("keeps one owner when two owners are demoted at the same moment", async () => {
    const first = await loginCookie(store, from());
    const second = await addWorkingStaff(store, first, "owner");
    const staff = await request(store, "GET", "/api/admin/staff", undefined, { cookie: first });
    const firstId = staff.body.find((s: { email: string }) => s.email === TEST_ADMIN_EMAIL).id;
    // Each owner demotes the other at once (straight through the service, so that the two
    // transactions overlap): one of the two must be refused. Several rounds, since a race
    // may or may not overlap in any one of them.
    const { staff: service, db } = store.services;
    for (let round = 0; round < 8; round++) {
      await db
        .updateTable("staff")
        .set({ role: "owner", active: 1 })
        .where("id", "in", [firstId, second.id])
        .execute();
      const results = await Promise.allSettled([
        service.updateStaff(second.id, { role: "office" }, { label: "Owner", staffId: firstId }),
        service.updateStaff(firstId, { role: "office" }, { label: "Second", staffId: second.id }),
      ]);
      expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual([
        "fulfilled",
        "rejected",
      ]);
      const refused = results.find((r) => r.status === "rejected");
      expect(String((refused as PromiseRejectedResult).reason)).toMatch(
        /at least one active owner/,
      );
      const owners = await db
        .selectFrom("staff")
        .select("id")
        .where("role", "=", "owner")
        .where("active", "=", 1)
        .execute();
      expect(owners, `round ${round}`).toHaveLength(1);
    }
  });
});
