import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { createRateLimiter } from "./rate-limit";

function limiter(now: () => number = Date.now) {
  return createRateLimiter({ limit: 10, windowMs: 15 * 60_000, message: "Slow down.", now });
}

describe("createRateLimiter", () => {
  it("allows exactly the limit however many attempts arrive at once", async () => {
    const l = limiter();
    const waits = await Promise.all(Array.from({ length: 1000 }, () => l.take("203.0.113.7")));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
    expect(waits.filter((w) => w > 0)).toHaveLength(990);
  });

  it("throws rate_limited with Retry-After until the window ends", async () => {
    let t = 1_000_000;
    const l = limiter(() => t);
    for (let i = 0; i < 10; i++) await l.consume("203.0.113.7");
    const error = await l.consume("203.0.113.7").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).headers?.["Retry-After"]).toBe(String(15 * 60));
    t += 15 * 60_000;
    await expect(l.consume("203.0.113.7")).resolves.toBeUndefined();
  });

  it("counts an IPv6 /64 as one client and forgets a key on reset", async () => {
    const l = limiter();
    for (let i = 1; i <= 10; i++) expect(await l.take(`2001:db8:5:6::${i}`)).toBe(0);
    expect(await l.take("2001:db8:5:6:abcd::1")).toBeGreaterThan(0);
    expect(await l.take("2001:db8:5:7::1")).toBe(0);
    await l.reset("2001:db8:5:6::99");
    expect(await l.take("2001:db8:5:6::1")).toBe(0);
  });
});
