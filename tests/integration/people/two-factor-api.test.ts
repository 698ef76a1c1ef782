/**
 * Two-factor through /api/admin on both databases: enrolment, confirmation, the
 * login with a code, a recovery code and a replayed code, new recovery codes, turning it off,
 * the per-account limit, the owners' "required for everyone" gate and reset, permissions, and
 * the audit entries. Codes come from the real clock: a code of the next step (now + 30 s) is
 * inside the ±1 window and later than the one before, so no two calls reuse a step.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCodeAt } from "../../../server/services/people/two-factor-codes";
import { addWorkingStaff, TEST_ADMIN_PASSWORD } from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const STEP = 30_000;

describeEachDialect("two-factor API on %s", (dialect) => {
  let store: TestStore;
  let ownerCookie: string;

  beforeAll(async () => {
    // One proxy trusted: the per-account limit test logs in from several X-Forwarded-For addresses.
    store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    const owner = await logIn(store.config.adminEmail, TEST_ADMIN_PASSWORD);
    expect(owner.status).toBe(200);
    ownerCookie = owner.cookie;
    // Owners may require two-factor for everyone only with their own on (see "owners").
    const setup = await call(ownerCookie, "POST", "/api/admin/two-factor/setup");
    const confirm = await call(ownerCookie, "POST", "/api/admin/two-factor/confirm", {
      code: totpCodeAt(setup.body.secret, Date.now()),
    });
    expect(confirm.status).toBe(200);
  });
  afterAll(async () => {
    await store?.close();
  });

  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    request(store, method, path, body, { cookie });

  async function logIn(email: string, password: string, code?: string) {
    const res = await request(store, "POST", "/api/admin/login", { email, password, code });
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    return { ...res, cookie };
  }

  async function addPerson(name: string, role: "owner" | "office" | "installer" = "office") {
    return { ...(await addWorkingStaff(store, ownerCookie, role, name)), name };
  }

  /** A person with two-factor on; `step` is the step of the code that confirmed it. */
  async function enrolledPerson(name: string, role: "owner" | "office" | "installer" = "office") {
    const p = await addPerson(name, role);
    const setup = await call(p.cookie, "POST", "/api/admin/two-factor/setup");
    expect(setup.status).toBe(200);
    const confirm = await call(p.cookie, "POST", "/api/admin/two-factor/confirm", {
      code: totpCodeAt(setup.body.secret, Date.now()),
    });
    expect(confirm.status).toBe(200);
    return {
      ...p,
      secret: setup.body.secret as string,
      recoveryCodes: confirm.body.recoveryCodes as string[],
    };
  }

  async function auditSummaries(staffId: number) {
    const rows = await store.services.db
      .selectFrom("audit_log")
      .select(["kind", "summary"])
      .where("staff_id", "=", staffId)
      .where("kind", "in", ["two_factor", "settings"])
      .orderBy("id")
      .execute();
    return rows.map((r) => `${r.kind}: ${r.summary}`);
  }

  describe("enrolment", () => {
    it("GET, setup, a wrong code, confirm: on, with 10 recovery codes shown once", async () => {
      const p = await addPerson("Alma Enrol");
      const before = await call(p.cookie, "GET", "/api/admin/two-factor");
      expect(before.status).toBe(200);
      expect(before.body).toEqual({
        enabled: false,
        pending: false,
        recoveryCodesLeft: 0,
        required: false,
      });
      const setup = await call(p.cookie, "POST", "/api/admin/two-factor/setup");
      expect(setup.status).toBe(200);
      expect(setup.headers.get("cache-control")).toBe("no-store");
      expect(Object.keys(setup.body).sort()).toEqual(["otpauthUri", "qrSvg", "secret"]);
      expect(setup.body.otpauthUri).toContain(encodeURIComponent(p.email));
      expect(setup.body.qrSvg).toMatch(/^<svg /);
      expect((await call(p.cookie, "GET", "/api/admin/two-factor")).body).toMatchObject({
        enabled: false,
        pending: true,
      });
      const wrong = await call(p.cookie, "POST", "/api/admin/two-factor/confirm", {
        code: totpCodeAt(setup.body.secret, Date.now() + 10 * STEP),
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.error.code).toBe("unprocessable");
      const confirm = await call(p.cookie, "POST", "/api/admin/two-factor/confirm", {
        code: totpCodeAt(setup.body.secret, Date.now()),
      });
      expect(confirm.status).toBe(200);
      expect(confirm.body.recoveryCodes).toHaveLength(10);
      expect((await call(p.cookie, "GET", "/api/admin/two-factor")).body).toEqual({
        enabled: true,
        pending: false,
        recoveryCodesLeft: 10,
        required: false,
      });
      // Setting up again while it is on is refused: turning off needs the password and a code.
      expect((await call(p.cookie, "POST", "/api/admin/two-factor/setup")).status).toBe(409);
      expect(await auditSummaries(p.id)).toEqual([
        "two_factor: Two-factor setup started for Alma Enrol",
        "two_factor: Two-factor turned on for Alma Enrol",
      ]);
    });

    it("refuses bodies it can't read: 415, 400 naming the field", async () => {
      const p = await addPerson("Bo Body");
      const text = await request(store, "POST", "/api/admin/two-factor/confirm", "code=1", {
        cookie: p.cookie,
        "content-type": "text/plain",
      });
      expect(text.status).toBe(415);
      const missing = await call(p.cookie, "POST", "/api/admin/two-factor/confirm", {});
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toContain("code");
      const settings = await call(ownerCookie, "PATCH", "/api/admin/settings", {
        requireTwoFactor: "yes",
      });
      expect(settings.status).toBe(400);
      expect(settings.body.error.message).toContain("requireTwoFactor");
    });

    it("needs a session: 401 without one", async () => {
      const res = await request(store, "GET", "/api/admin/two-factor");
      expect(res.status).toBe(401);
    });
  });

  describe("login", () => {
    it("asks for the code, accepts one of the next step, refuses it replayed", async () => {
      const p = await enrolledPerson("Cy Login");
      const none = await logIn(p.email, p.password);
      expect(none.status).toBe(401);
      expect(none.body.error.code).toBe("code_required");
      expect(none.cookie).toBe("");
      const code = totpCodeAt(p.secret, Date.now() + STEP);
      const ok = await logIn(p.email, p.password, code);
      expect(ok.status).toBe(200);
      expect((await call(ok.cookie, "GET", "/api/admin/session")).status).toBe(200);
      const replay = await logIn(p.email, p.password, code);
      expect(replay.status).toBe(401);
      expect(replay.body.error.code).toBe("code_required");
      expect(replay.cookie).toBe("");
      // A wrong password with the right code is still just a wrong login.
      const wrongPassword = await logIn(p.email, "not it", totpCodeAt(p.secret, Date.now()));
      expect(wrongPassword.status).toBe(401);
      expect(wrongPassword.body.error.code).toBe("unauthorized");
    });

    it("a recovery code logs in once, in any case", async () => {
      const p = await enrolledPerson("Di Recovery");
      const code = p.recoveryCodes[0] ?? "";
      const ok = await logIn(p.email, p.password, code.toLowerCase());
      expect(ok.status).toBe(200);
      const again = await logIn(p.email, p.password, code);
      expect(again.status).toBe(401);
      expect(again.body.error.code).toBe("code_required");
      expect((await call(ok.cookie, "GET", "/api/admin/two-factor")).body).toMatchObject({
        recoveryCodesLeft: 9,
      });
    });

    it("ten wrong codes at login lock the account's codes (429), from any address", async () => {
      const p = await enrolledPerson("Ed Guess");
      for (let i = 0; i < 10; i++) {
        const res = await request(
          store,
          "POST",
          "/api/admin/login",
          { email: p.email, password: p.password, code: "000000" },
          // A different address each time: the login's per-address limit is not what stops it.
          { "x-forwarded-for": `198.51.100.${i + 1}` },
        );
        expect(res.status).toBe(401);
      }
      const limited = await logIn(p.email, p.password, totpCodeAt(p.secret, Date.now() + STEP));
      expect(limited.status).toBe(429);
      expect(limited.body.error.message).toContain("this account");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      // The same lock holds for the signed-in person's own code checks.
      const regen = await call(p.cookie, "POST", "/api/admin/two-factor/recovery-codes", {
        code: p.recoveryCodes[0],
      });
      expect(regen.status).toBe(429);
    });
  });

  describe("recovery codes and turning off", () => {
    it("new recovery codes need a valid code; the old ones stop working", async () => {
      const p = await enrolledPerson("Flo Regen");
      const wrong = await call(p.cookie, "POST", "/api/admin/two-factor/recovery-codes", {
        code: "000000",
      });
      expect(wrong.status).toBe(422);
      const fresh = await call(p.cookie, "POST", "/api/admin/two-factor/recovery-codes", {
        code: totpCodeAt(p.secret, Date.now() + STEP),
      });
      expect(fresh.status).toBe(200);
      expect(fresh.body.recoveryCodes).toHaveLength(10);
      const old = await logIn(p.email, p.password, p.recoveryCodes[1]);
      expect(old.status).toBe(401);
      const renewed = await logIn(p.email, p.password, fresh.body.recoveryCodes[1]);
      expect(renewed.status).toBe(200);
      expect(await auditSummaries(p.id)).toContain("two_factor: New recovery codes for Flo Regen");
    });

    it("turning off needs the password and a code; then the login needs no code", async () => {
      const p = await enrolledPerson("Gil Off");
      const wrongPassword = await call(p.cookie, "POST", "/api/admin/two-factor/disable", {
        password: "not it",
        code: p.recoveryCodes[0],
      });
      expect(wrongPassword.status).toBe(422);
      expect(wrongPassword.body.error.message).toBe("Incorrect password.");
      const off = await call(p.cookie, "POST", "/api/admin/two-factor/disable", {
        password: p.password,
        code: p.recoveryCodes[0],
      });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ enabled: false });
      expect((await logIn(p.email, p.password)).status).toBe(200);
      expect(await auditSummaries(p.id)).toContain("two_factor: Two-factor turned off for Gil Off");
    });
  });

  describe("owners", () => {
    it("require two-factor for everyone: the gate, enrolment still open, no turning off", async () => {
      const p = await addPerson("Hana Gated");
      const enrolled = await enrolledPerson("Ike Enrolled");
      const on = await call(ownerCookie, "PATCH", "/api/admin/settings", {
        requireTwoFactor: true,
      });
      try {
        expect(on.status).toBe(200);
        expect(on.body).toMatchObject({ requireTwoFactor: true });
        expect((await call(ownerCookie, "GET", "/api/admin/settings")).body).toMatchObject({
          requireTwoFactor: true,
        });
        const gated = await call(p.cookie, "GET", "/api/admin/orders");
        expect(gated.status).toBe(403);
        expect(gated.body.error.code).toBe("two_factor_required");
        expect((await call(p.cookie, "GET", "/api/admin/session")).status).toBe(200);
        const status = await call(p.cookie, "GET", "/api/admin/two-factor");
        expect(status.status).toBe(200);
        expect(status.body).toMatchObject({ enabled: false, required: true });
        const setup = await call(p.cookie, "POST", "/api/admin/two-factor/setup");
        expect(setup.status).toBe(200);
        const confirm = await call(p.cookie, "POST", "/api/admin/two-factor/confirm", {
          code: totpCodeAt(setup.body.secret, Date.now()),
        });
        expect(confirm.status).toBe(200);
        expect((await call(p.cookie, "GET", "/api/admin/orders")).status).toBe(200);
        const off = await call(enrolled.cookie, "POST", "/api/admin/two-factor/disable", {
          password: enrolled.password,
          code: enrolled.recoveryCodes[0],
        });
        expect(off.status).toBe(409);
        expect((await call(enrolled.cookie, "GET", "/api/admin/two-factor")).body).toMatchObject({
          enabled: true,
        });
      } finally {
        await call(ownerCookie, "PATCH", "/api/admin/settings", { requireTwoFactor: false });
      }
    });

    it("reset clears a person's two-factor and ends their sessions", async () => {
      const p = await enrolledPerson("Jo Lost");
      const second = await logIn(p.email, p.password, p.recoveryCodes[0]);
      expect(second.status).toBe(200);
      const reset = await call(ownerCookie, "POST", `/api/admin/staff/${p.id}/two-factor/reset`);
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ name: "Jo Lost", sessionsEnded: 2 });
      expect((await call(p.cookie, "GET", "/api/admin/session")).status).toBe(401);
      expect((await call(second.cookie, "GET", "/api/admin/session")).status).toBe(401);
      // They log in with the password alone again, and can set it up anew.
      const back = await logIn(p.email, p.password);
      expect(back.status).toBe(200);
      expect((await call(back.cookie, "GET", "/api/admin/two-factor")).body).toMatchObject({
        enabled: false,
        pending: false,
        recoveryCodesLeft: 0,
      });
      const missing = await call(ownerCookie, "POST", "/api/admin/staff/999999/two-factor/reset");
      expect(missing.status).toBe(404);
    });

    it("an owner without two-factor can't require it for everyone (it would lock them out)", async () => {
      const other = await addPerson("Nell Owner", "owner");
      const refused = await call(other.cookie, "PATCH", "/api/admin/settings", {
        requireTwoFactor: true,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toContain("your own two-factor first");
      expect((await call(other.cookie, "GET", "/api/admin/settings")).body).toMatchObject({
        requireTwoFactor: false,
      });
      // Lifting it needs no two-factor.
      expect(
        (await call(other.cookie, "PATCH", "/api/admin/settings", { requireTwoFactor: false }))
          .status,
      ).toBe(200);
    });

    it("settings and resets are the owners': 403 forbidden for office and installers", async () => {
      const office = await addPerson("Kai Office", "office");
      const installer = await addPerson("Lu Installer", "installer");
      for (const person of [office, installer]) {
        const patch = await call(person.cookie, "PATCH", "/api/admin/settings", {
          requireTwoFactor: true,
        });
        expect(patch.status).toBe(403);
        expect(patch.body.error.code).toBe("forbidden");
        expect((await call(person.cookie, "GET", "/api/admin/settings")).status).toBe(403);
        const reset = await call(
          person.cookie,
          "POST",
          `/api/admin/staff/${office.id}/two-factor/reset`,
        );
        expect(reset.status).toBe(403);
        // Their own two-factor is theirs ("self").
        expect((await call(person.cookie, "GET", "/api/admin/two-factor")).status).toBe(200);
      }
      expect((await call(ownerCookie, "GET", "/api/admin/settings")).body).toMatchObject({
        requireTwoFactor: false,
      });
    });

    it("the owner's changes are in the audit log under the owner's name", async () => {
      const p = await enrolledPerson("Mo Audited");
      await call(ownerCookie, "POST", `/api/admin/staff/${p.id}/two-factor/reset`);
      await call(ownerCookie, "PATCH", "/api/admin/settings", { requireTwoFactor: true });
      await call(ownerCookie, "PATCH", "/api/admin/settings", { requireTwoFactor: false });
      const rows = await store.services.db
        .selectFrom("audit_log")
        .select(["kind", "summary", "actor", "staff_id"])
        .where("kind", "in", ["two_factor", "settings"])
        .where("summary", "in", [
          "Two-factor reset for Mo Audited",
          "Two-factor required for everyone",
        ])
        .execute();
      const owner = await store.services.db
        .selectFrom("staff")
        .select(["id", "name"])
        .where("email", "=", store.config.adminEmail)
        .executeTakeFirstOrThrow();
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const row of rows) expect(row).toMatchObject({ staff_id: owner.id, actor: owner.name });
    });
  });
});
