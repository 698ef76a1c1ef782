/**
 * Two-factor sign-in on both databases, through the service (the API's and the login's tests
 * are in two-factor-api.test.ts): enrolment, confirmation, replay, recovery codes, turning it
 * off, the per-account limit on wrong codes, the owners' setting and reset, and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../../domain/people/permissions";
import { now } from "../../../server/db/database";
import type { Actor } from "../../../server/services/people/actor";
import { hashPassword } from "../../../server/services/people/admin-password";
import { verifySecondFactor } from "../../../server/services/people/two-factor";
import { totpCodeAt } from "../../../server/services/people/two-factor-codes";
import { createTestStore, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const STEP = 30_000;
/** A fixed clock, mid-step. */
const T0 = 58_000_000 * STEP + 10_000;
const PASSWORD = "correct horse battery";

describeEachDialect("two-factor service on %s", (dialect) => {
  let store: TestStore;
  let passwordHash: string;
  const tf = () => store.services.twoFactor;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function addPerson(
    name: string,
    role: StaffRole = "office",
  ): Promise<{ id: number; actor: Actor }> {
    const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const row = await store.services.db
      .insertInto("staff")
      .values({
        name,
        email,
        role,
        calendar_token_hash: null,
        created_at: now(),
        password_hash: passwordHash,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, actor: { label: name, staffId: row.id } };
  }

  async function enrolled(name: string) {
    const p = await addPerson(name);
    const setup = await tf().startSetup(p.actor, p.id);
    const { recoveryCodes } = await tf().confirm(p.actor, p.id, totpCodeAt(setup.secret, T0), T0);
    return { ...p, secret: setup.secret, recoveryCodes };
  }

  async function auditOf(staffId: number) {
    return store.services.db
      .selectFrom("audit_log")
      .select(["kind", "summary", "details", "staff_id", "actor"])
      .where("staff_id", "=", staffId)
      .orderBy("id")
      .execute();
  }

  describe("enrolment", () => {
    it("setup stores a secret (not yet on) and answers the otpauth URI and a QR SVG", async () => {
      const p = await addPerson("Ana Setup");
      const setup = await tf().startSetup(p.actor, p.id);
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
      expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
      expect(setup.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(setup.qrSvg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
      expect(await tf().status(p.id)).toEqual({
        enabled: false,
        pending: true,
        recoveryCodesLeft: 0,
        required: false,
      });
      const row = await store.services.db
        .selectFrom("staff")
        .select(["totp_secret", "totp_enabled"])
        .where("id", "=", p.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ totp_secret: setup.secret, totp_enabled: 0 });
    });

    it("a restart replaces the secret: the first one's codes no longer confirm", async () => {
      const p = await addPerson("Ben Restart");
      const first = await tf().startSetup(p.actor, p.id);
      const second = await tf().startSetup(p.actor, p.id);
      expect(second.secret).not.toBe(first.secret);
      await expect(
        tf().confirm(p.actor, p.id, totpCodeAt(first.secret, T0), T0),
      ).rejects.toMatchObject({ status: 422 });
      const done = await tf().confirm(p.actor, p.id, totpCodeAt(second.secret, T0), T0);
      expect(done.recoveryCodes).toHaveLength(10);
    });

    it("confirm turns it on, answers 10 codes once and stores only their SHA-256", async () => {
      const p = await enrolled("Cara Confirm");
      expect(await tf().status(p.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
      const stored = await store.services.db
        .selectFrom("staff_recovery_codes")
        .select(["code_hash", "used_at"])
        .where("staff_id", "=", p.id)
        .execute();
      expect(stored).toHaveLength(10);
      const hashes = stored.map((s) => s.code_hash);
      for (const code of p.recoveryCodes) expect(hashes).not.toContain(code);
      expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
      // The confirming code's step is used: the same code does not log in.
      expect(await verifySecondFactor(store.services.db, p.id, totpCodeAt(p.secret, T0), T0)).toBe(
        null,
      );
    });

    it("setup is refused while two-factor is on; confirm without setup is refused", async () => {
      const p = await enrolled("Dan Twice");
      await expect(tf().startSetup(p.actor, p.id)).rejects.toMatchObject({ status: 409 });
      const q = await addPerson("Eve NoSetup");
      await expect(tf().confirm(q.actor, q.id, "123456", T0)).rejects.toMatchObject({
        status: 409,
      });
    });

    it("a wrong code does not turn it on", async () => {
      const p = await addPerson("Fay Wrong");
      const setup = await tf().startSetup(p.actor, p.id);
      const wrong = totpCodeAt(setup.secret, T0 + 5 * STEP);
      await expect(tf().confirm(p.actor, p.id, wrong, T0)).rejects.toMatchObject({
        status: 422,
        code: "unprocessable",
      });
      expect(await tf().status(p.id)).toMatchObject({ enabled: false, pending: true });
    });
  });

  describe("codes at login", () => {
    it("accepts −1, 0 and +1 steps, each once, in order; refuses ±2", async () => {
      const p = await enrolled("Gus Window");
      const db = store.services.db;
      const at = (k: number) => totpCodeAt(p.secret, T0 + k * STEP);
      const later = T0 + 10 * STEP;
      expect(await verifySecondFactor(db, p.id, at(8), later)).toBeNull();
      expect(await verifySecondFactor(db, p.id, at(12), later)).toBeNull();
      expect(await verifySecondFactor(db, p.id, at(9), later)).toBe("totp");
      expect(await verifySecondFactor(db, p.id, at(9), later)).toBeNull();
      expect(await verifySecondFactor(db, p.id, at(10), later)).toBe("totp");
      expect(await verifySecondFactor(db, p.id, at(11), later)).toBe("totp");
      expect(await verifySecondFactor(db, p.id, at(11), later)).toBeNull();
      // An earlier step than the last accepted one is a replay too, even inside the window.
      expect(await verifySecondFactor(db, p.id, at(10), later)).toBeNull();
    });

    it("two logins with the same code at once: exactly one succeeds", async () => {
      const p = await enrolled("Hal Race");
      const code = totpCodeAt(p.secret, T0 + 40 * STEP);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          verifySecondFactor(store.services.db, p.id, code, T0 + 40 * STEP),
        ),
      );
      expect(results.filter((r) => r === "totp")).toHaveLength(1);
    });

    it("a recovery code works once, in any case and with or without dashes", async () => {
      const p = await enrolled("Ida Recovery");
      const db = store.services.db;
      const [first, second] = p.recoveryCodes as [string, string];
      expect(await verifySecondFactor(db, p.id, first.toLowerCase(), T0)).toBe("recovery");
      expect(await verifySecondFactor(db, p.id, first, T0)).toBeNull();
      expect(await verifySecondFactor(db, p.id, second.replaceAll("-", ""), T0)).toBe("recovery");
      expect(await tf().status(p.id)).toMatchObject({ recoveryCodesLeft: 8 });
      expect(await verifySecondFactor(db, p.id, "AAAA-BBBB-CCCC", T0)).toBeNull();
    });

    it("verifyAtLogin counts wrong codes per account: the 11th attempt is limited", async () => {
      const p = await enrolled("Jon Limit");
      for (let i = 0; i < 10; i++) {
        expect(await tf().verifyAtLogin(p.id, "000000", T0)).toBeNull();
      }
      const limited = await tf().verifyAtLogin(p.id, totpCodeAt(p.secret, T0 + STEP), T0);
      expect(limited).toEqual({ limited: expect.any(Number) });
      expect((limited as { limited: number }).limited).toBeGreaterThan(800);
      // The right code was not looked at: its step is still unused.
      expect(
        await verifySecondFactor(store.services.db, p.id, totpCodeAt(p.secret, T0 + STEP), T0),
      ).toBe("totp");
    });
  });

  describe("recovery codes and turning off", () => {
    it("regenerating needs a valid code and replaces every old code", async () => {
      const p = await enrolled("Kim Regen");
      await expect(
        tf().regenerateRecoveryCodes(p.actor, p.id, "000000", T0 + STEP),
      ).rejects.toMatchObject({ status: 422 });
      const fresh = await tf().regenerateRecoveryCodes(
        p.actor,
        p.id,
        totpCodeAt(p.secret, T0 + STEP),
        T0 + STEP,
      );
      expect(fresh.recoveryCodes).toHaveLength(10);
      expect(fresh.recoveryCodes.some((c) => p.recoveryCodes.includes(c))).toBe(false);
      const db = store.services.db;
      expect(await verifySecondFactor(db, p.id, p.recoveryCodes[0] ?? "", T0)).toBeNull();
      expect(await verifySecondFactor(db, p.id, fresh.recoveryCodes[0] ?? "", T0)).toBe("recovery");
    });

    it("turning off needs the password and a code, and clears secret and codes", async () => {
      const p = await enrolled("Lea Off");
      const code = totpCodeAt(p.secret, T0 + STEP);
      await expect(
        tf().disable(p.actor, p.id, { password: "wrong password", code }, T0),
      ).rejects.toMatchObject({ status: 422, message: "Incorrect password." });
      await expect(
        tf().disable(p.actor, p.id, { password: PASSWORD, code: "000000" }, T0),
      ).rejects.toMatchObject({ status: 422 });
      expect(await tf().status(p.id)).toMatchObject({ enabled: true });
      await tf().disable(p.actor, p.id, { password: PASSWORD, code }, T0);
      expect(await tf().status(p.id)).toEqual({
        enabled: false,
        pending: false,
        recoveryCodesLeft: 0,
        required: false,
      });
      const row = await store.services.db
        .selectFrom("staff")
        .select(["totp_secret", "totp_enabled"])
        .where("id", "=", p.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ totp_secret: null, totp_enabled: 0 });
      const codes = await store.services.db
        .selectFrom("staff_recovery_codes")
        .select("id")
        .where("staff_id", "=", p.id)
        .execute();
      expect(codes).toEqual([]);
    });

    it("ten wrong codes lock the account's code checks for 15 minutes (429)", async () => {
      const p = await enrolled("Max Guess");
      for (let i = 0; i < 10; i++) {
        await expect(
          tf().regenerateRecoveryCodes(p.actor, p.id, "000000", T0),
        ).rejects.toMatchObject({ status: 422 });
      }
      const right = totpCodeAt(p.secret, T0 + STEP);
      const limited = await tf()
        .regenerateRecoveryCodes(p.actor, p.id, right, T0 + STEP)
        .catch((e: unknown) => e);
      expect(limited).toMatchObject({ status: 429, code: "rate_limited" });
      const retryAfter = Number(
        (limited as { headers: Record<string, string> }).headers["Retry-After"],
      );
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      // Another account is not affected.
      const other = await enrolled("Ned Fine");
      await expect(
        tf().regenerateRecoveryCodes(
          other.actor,
          other.id,
          totpCodeAt(other.secret, T0 + STEP),
          T0 + STEP,
        ),
      ).resolves.toMatchObject({ recoveryCodes: expect.any(Array) });
    });
  });

  describe("owners' controls", () => {
    it("requiring two-factor for everyone blocks turning it off (409) until lifted", async () => {
      const bare = await addPerson("Nia Owner", "owner");
      await expect(
        tf().updateSettings(bare.actor, { requireTwoFactor: true }),
      ).rejects.toMatchObject({ status: 409 });
      expect(await tf().settings()).toEqual({ requireTwoFactor: false });
      const owner = await enrolled("Olga Owner");
      const p = await enrolled("Pat Required");
      await tf().updateSettings(owner.actor, { requireTwoFactor: true });
      try {
        expect(await tf().settings()).toEqual({ requireTwoFactor: true });
        expect(await tf().status(p.id)).toMatchObject({ required: true });
        const code = totpCodeAt(p.secret, T0 + STEP);
        await expect(
          tf().disable(p.actor, p.id, { password: PASSWORD, code }, T0),
        ).rejects.toMatchObject({ status: 409 });
      } finally {
        await tf().updateSettings(owner.actor, { requireTwoFactor: false });
      }
      const entries = (await auditOf(owner.id)).filter((e) => e.kind === "settings");
      expect(entries.map((e) => [e.kind, e.summary])).toEqual([
        ["settings", "Two-factor required for everyone"],
        ["settings", "Two-factor no longer required for everyone"],
      ]);
      expect(JSON.parse(entries[0]?.details ?? "{}")).toEqual({
        before: { requireTwoFactor: false },
        after: { requireTwoFactor: true },
      });
    });

    it("reset clears secret, codes and flag and ends the person's sessions", async () => {
      const owner = await addPerson("Quinn Owner", "owner");
      const p = await enrolled("Rae Lost Phone");
      const at = new Date().toISOString();
      const later = new Date(Date.now() + 3_600_000).toISOString();
      for (const token of ["a", "b"]) {
        await store.services.db
          .insertInto("admin_sessions")
          .values({
            token_hash: `${token}-${p.id}`,
            created_at: at,
            last_seen_at: at,
            expires_at: later,
            staff_id: p.id,
            user_agent: null,
          })
          .execute();
      }
      expect(await tf().reset(owner.actor, p.id)).toEqual({
        name: "Rae Lost Phone",
        sessionsEnded: 2,
      });
      expect(await tf().status(p.id)).toMatchObject({
        enabled: false,
        pending: false,
        recoveryCodesLeft: 0,
      });
      const sessions = await store.services.db
        .selectFrom("admin_sessions")
        .select("token_hash")
        .where("staff_id", "=", p.id)
        .execute();
      expect(sessions).toEqual([]);
      expect(await verifySecondFactor(store.services.db, p.id, p.recoveryCodes[1] ?? "", T0)).toBe(
        null,
      );
      const [entry] = await auditOf(owner.id);
      expect(entry).toMatchObject({
        kind: "two_factor",
        summary: "Two-factor reset for Rae Lost Phone",
        actor: "Quinn Owner",
      });
      expect(JSON.parse(entry?.details ?? "{}")).toEqual({
        before: { enabled: true, pending: false },
        after: { enabled: false, sessionsEnded: 2 },
      });
      await expect(tf().reset(owner.actor, 999_999)).rejects.toMatchObject({ status: 404 });
      // One's own goes off only with the password and a code.
      await expect(tf().reset(owner.actor, owner.actor.staffId ?? 0)).rejects.toMatchObject({
        status: 409,
      });
    });

    it("lists every person's two-factor state", async () => {
      const on = await enrolled("Sam Listed");
      const list = await tf().listStaff();
      expect(list.find((s) => s.id === on.id)).toMatchObject({
        name: "Sam Listed",
        enabled: true,
        pending: false,
        recoveryCodesLeft: 10,
      });
    });
  });

  it("every change of a person's own two-factor is in the audit log, without secrets", async () => {
    const p = await enrolled("Tia Audited");
    await tf().regenerateRecoveryCodes(p.actor, p.id, totpCodeAt(p.secret, T0 + STEP), T0 + STEP);
    await tf().disable(
      p.actor,
      p.id,
      { password: PASSWORD, code: totpCodeAt(p.secret, T0 + 2 * STEP) },
      T0 + STEP,
    );
    const entries = await auditOf(p.id);
    expect(entries.map((e) => [e.kind, e.summary, e.actor])).toEqual([
      ["two_factor", "Two-factor setup started for Tia Audited", "Tia Audited"],
      ["two_factor", "Two-factor turned on for Tia Audited", "Tia Audited"],
      ["two_factor", "New recovery codes for Tia Audited", "Tia Audited"],
      ["two_factor", "Two-factor turned off for Tia Audited", "Tia Audited"],
    ]);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(p.secret);
    for (const code of p.recoveryCodes) expect(text).not.toContain(code);
  });
});
