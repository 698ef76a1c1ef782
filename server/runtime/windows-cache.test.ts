import { describe, expect, it } from "vitest";
import { cachesOver, counter } from "../../tests/support/kept-answers";
import type { createBookingService } from "../services/scheduling/booking";
import { FIGURES_MAX_AGE_MS } from "./caches";
import { cachedWindows } from "./windows-cache";

type BookingService = ReturnType<typeof createBookingService>;

function fakeService() {
  const calls: { zip: string; at: Date }[] = [];
  const service = {
    async windows(zip: string, at: Date = new Date()) {
      calls.push({ zip, at });
      if (zip === "10001") throw new Error("outside the area");
      return [{ date: `call-${calls.length}`, start: "08:00", end: "10:00" }];
    },
  } as unknown as BookingService;
  return { service, calls };
}

describe("cachedWindows", () => {
  // 2026-11-25 15:00 UTC is 10:00 in Fort Myers.
  const start = Date.parse("2026-11-25T15:00:00Z");

  it("answers from memory until a write, then computes again", async () => {
    const { service, calls } = fakeService();
    const { writes, write } = counter();
    let now = start;
    const cached = cachedWindows(
      service,
      cachesOver(writes, () => now),
    );
    const first = await cached.windows("33901");
    now += 500;
    expect(await cached.windows("33901")).toEqual(first);
    expect(calls).toHaveLength(1);
    write();
    expect(await cached.windows("33901")).not.toEqual(first);
    expect(calls).toHaveLength(2);
  });

  it("keeps an answer no longer than the age bound, nor past the store's day", async () => {
    const { service, calls } = fakeService();
    const { writes } = counter();
    let now = start;
    const cached = cachedWindows(
      service,
      cachesOver(writes, () => now),
    );
    await cached.windows("33901");
    now += FIGURES_MAX_AGE_MS;
    await cached.windows("33901");
    expect(calls).toHaveLength(2);
    // 23:59:59 then 00:00:01 store time: a new day within the age bound.
    now = Date.parse("2026-11-26T04:59:59.800Z");
    await cached.windows("33901");
    now += 400;
    await cached.windows("33901");
    expect(calls).toHaveLength(4);
  });

  it("keeps each ZIP code's answer apart and never keeps a refusal", async () => {
    const { service, calls } = fakeService();
    const { writes } = counter();
    const cached = cachedWindows(
      service,
      cachesOver(writes, () => start),
    );
    await cached.windows("33901");
    await cached.windows("33904");
    expect(calls.map((c) => c.zip)).toEqual(["33901", "33904"]);
    await expect(cached.windows("10001")).rejects.toThrow("outside the area");
    await expect(cached.windows("10001")).rejects.toThrow("outside the area");
    expect(calls.filter((c) => c.zip === "10001")).toHaveLength(2);
  });

  it("never keeps an answer asked for a given moment", async () => {
    const { service, calls } = fakeService();
    const { writes } = counter();
    const cached = cachedWindows(
      service,
      cachesOver(writes, () => start),
    );
    await cached.windows("33901", new Date(start));
    await cached.windows("33901", new Date(start));
    expect(calls).toHaveLength(2);
  });
});
