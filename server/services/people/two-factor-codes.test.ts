import { describe, expect, it } from "vitest";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  RECOVERY_CODE_COUNT,
  totpCodeAt,
  totpUri,
} from "./two-factor-codes";

// RFC 6238 appendix B's SHA-1 seed "12345678901234567890", in base32.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const STEP = 30_000;
/** A fixed clock: 12 s into step 56_666_666 (2023-11-14T22:13:12Z). */
const NOW = 56_666_666 * STEP + 12_000;

describe("TOTP codes", () => {
  it("matches RFC 6238's SHA-1 test vectors (6 digits)", () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe("287082");
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(totpCodeAt(RFC_SECRET, 2_000_000_000_000)).toBe("279037");
  });

  it.each([
    { offset: -1, accepted: true },
    { offset: 0, accepted: true },
    { offset: 1, accepted: true },
    { offset: -2, accepted: false },
    { offset: 2, accepted: false },
    { offset: -10, accepted: false },
  ])("a code of step $offset from now: accepted $accepted", ({ offset, accepted }) => {
    const code = totpCodeAt(RFC_SECRET, NOW + offset * STEP);
    expect(matchTotpStep(RFC_SECRET, code, NOW)).toBe(accepted ? 56_666_666 + offset : null);
  });

  it("accepts the edges of the window and refuses just past them", () => {
    const stepStart = 56_666_666 * STEP;
    const code = totpCodeAt(RFC_SECRET, stepStart);
    expect(matchTotpStep(RFC_SECRET, code, stepStart + 2 * STEP - 1)).toBe(56_666_666);
    expect(matchTotpStep(RFC_SECRET, code, stepStart + 2 * STEP)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, code, stepStart - STEP)).toBe(56_666_666);
    expect(matchTotpStep(RFC_SECRET, code, stepStart - STEP - 1)).toBeNull();
  });

  it.each(["", "12345", "1234567", "12 456", "abcdef", "١٢٣٤٥٦"])(
    "refuses %j without computing anything",
    (code) => {
      expect(matchTotpStep(RFC_SECRET, code, NOW)).toBeNull();
    },
  );

  it("a code of another secret is refused", () => {
    const other = newTotpSecret();
    expect(matchTotpStep(other, totpCodeAt(RFC_SECRET, NOW), NOW)).toBeNull();
  });

  it("makes 160-bit base32 secrets and an otpauth URI apps read", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, "owner@example.com", "Lee County Blinds & Shutters"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("Lee County Blinds & Shutters");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
    expect(decodeURIComponent(uri.pathname)).toContain("owner@example.com");
  });
});

describe("recovery codes", () => {
  it("makes ten distinct codes like 7KQ2-M9XD-4HPA without look-alike characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
  });

  it("hashes the canonical code: dashes, spaces and case do not matter", () => {
    const hash = hashRecoveryCode("7KQ2-M9XD-4HPA");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    for (const spelling of ["7kq2-m9xd-4hpa", "7KQ2M9XD4HPA", "7kq2 m9xd 4hpa", "7Kq2-M9xD4hpa"]) {
      expect(hashRecoveryCode(spelling)).toBe(hash);
    }
    expect(hashRecoveryCode("7KQ2-M9XD-4HPB")).not.toBe(hash);
  });

  it.each([
    { code: "7KQ2-M9XD-4HPA", looks: true },
    { code: "7kq2m9xd4hpa", looks: true },
    { code: "7KQ2-M9XD", looks: false },
    { code: "123456", looks: false },
    { code: "7KQ2-M9XD-4HPA-1", looks: false },
    { code: "7KQ2_M9XD_4HPA", looks: false },
  ])("$code looks like a recovery code: $looks", ({ code, looks }) => {
    expect(looksLikeRecoveryCode(code)).toBe(looks);
  });
});
