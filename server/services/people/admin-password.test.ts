import { describe, expect, it } from "vitest";
import {
  HASH_CONCURRENCY,
  HASH_QUEUE,
  HashingBusyError,
  hashingLoad,
  hashPassword,
  verifyPassword,
} from "./admin-password";

describe("password hashing", () => {
  it("verifies the password it hashed and nothing else", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batter", stored)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
  });

  it("runs at most HASH_CONCURRENCY hashes at once, queues HASH_QUEUE, refuses the rest", async () => {
    const stored = await hashPassword("correct horse battery");
    const extra = 6;
    const attempts = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE + extra }, () =>
      verifyPassword("wrong", stored).then(
        (ok) => ({ ok, busy: false }),
        (error: unknown) => ({ ok: false, busy: error instanceof HashingBusyError }),
      ),
    );
    expect(hashingLoad()).toEqual({ running: HASH_CONCURRENCY, waiting: HASH_QUEUE });
    const peak = { running: 0 };
    const sampler = setInterval(() => {
      peak.running = Math.max(peak.running, hashingLoad().running);
    }, 1);
    const results = await Promise.all(attempts);
    clearInterval(sampler);
    expect(results.filter((r) => r.busy)).toHaveLength(extra);
    expect(results.filter((r) => !r.busy && !r.ok)).toHaveLength(HASH_CONCURRENCY + HASH_QUEUE);
    expect(peak.running).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);
});
