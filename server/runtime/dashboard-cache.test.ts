import { describe, expect, it } from "vitest";
import { cachesOver, counter, deferred } from "../../tests/support/kept-answers";
import type { Dashboard, DashboardService } from "../services/orders/dashboard";
import { FIGURES_MAX_AGE_MS } from "./caches";
import { cachedDashboard } from "./dashboard-cache";

function figures(at: Date, call: number): Dashboard {
  return {
    today: at.toISOString(),
    weekStart: "2026-11-23",
    todaysVisits: [],
    weeksVisits: [],
    weeksVisitCount: 0,
    awaitingConfirmation: call,
    outstanding: { amountCents: 0, orders: 0 },
    weeks: [],
    pendingReviews: 0,
    unreadTexts: 0,
    newMessages: 0,
    newEstimates: 0,
    newSamples: 0,
    installedBalanceDue: [],
    refundsDue: [],
  };
}

/** A dashboard service counting its computations; `next` replaces the next one's answer. */
function fakeService() {
  const calls: Date[] = [];
  let next: (() => Promise<Dashboard>) | undefined;
  const service: DashboardService = {
    dashboard(now: Date = new Date()) {
      calls.push(now);
      const answer = next;
      next = undefined;
      return answer ? answer() : Promise.resolve(figures(now, calls.length));
    },
    async ownVisits() {
      throw new Error("not used");
    },
    async inboxCounts() {
      throw new Error("not used");
    },
  };
  return {
    service,
    calls,
    answerNext: (answer: () => Promise<Dashboard>) => {
      next = answer;
    },
  };
}

describe("cachedDashboard", () => {
  // 2026-11-25 15:00 UTC is 10:00 in New York (EST), the store's zone.
  const start = Date.parse("2026-11-25T15:00:00Z");

  it("answers from memory while nothing is written, then computes again", async () => {
    const { service, calls } = fakeService();
    const { writes, write } = counter();
    let now = start;
    const cached = cachedDashboard(
      service,
      cachesOver(writes, () => now),
    );
    const first = await cached.dashboard();
    now += 500;
    expect(await cached.dashboard()).toBe(first);
    expect(calls).toEqual([new Date(start)]);
    write();
    const second = await cached.dashboard();
    expect(second.awaitingConfirmation).toBe(2);
    expect(await cached.dashboard()).toBe(second);
    expect(calls).toHaveLength(2);
  });

  it("does not keep figures whose computation overlapped a write", async () => {
    const { service, calls, answerNext } = fakeService();
    const { writes, write } = counter();
    const cached = cachedDashboard(
      service,
      cachesOver(writes, () => start),
    );
    const pending = deferred<Dashboard>();
    answerNext(() => pending.promise);
    const first = cached.dashboard();
    write();
    pending.resolve(figures(new Date(start), 1));
    await first;
    const second = await cached.dashboard();
    expect(second).not.toBe(await first);
    expect(await cached.dashboard()).toBe(second);
    expect(calls).toHaveLength(2);
  });

  it("shares one computation among concurrent misses of one version", async () => {
    const { service, calls, answerNext } = fakeService();
    const { writes } = counter();
    const cached = cachedDashboard(
      service,
      cachesOver(writes, () => start),
    );
    const pending = deferred<Dashboard>();
    answerNext(() => pending.promise);
    const first = cached.dashboard();
    const second = cached.dashboard();
    expect(second).toBe(first);
    pending.resolve(figures(new Date(start), 1));
    await Promise.all([first, second]);
    expect(calls).toHaveLength(1);
  });

  it("never keeps a failed computation", async () => {
    const { service, calls, answerNext } = fakeService();
    const { writes } = counter();
    const cached = cachedDashboard(
      service,
      cachesOver(writes, () => start),
    );
    answerNext(() => Promise.reject(new Error("database unavailable")));
    await expect(cached.dashboard()).rejects.toThrow("database unavailable");
    const after = await cached.dashboard();
    expect(after.awaitingConfirmation).toBe(2);
    expect(await cached.dashboard()).toBe(after);
    expect(calls).toHaveLength(2);
  });

  it("computes again past the age bound", async () => {
    const { service, calls } = fakeService();
    const { writes } = counter();
    let now = start;
    const cached = cachedDashboard(
      service,
      cachesOver(writes, () => now),
    );
    await cached.dashboard();
    now += FIGURES_MAX_AGE_MS - 1;
    await cached.dashboard();
    expect(calls).toHaveLength(1);
    now += 1;
    await cached.dashboard();
    expect(calls).toHaveLength(2);
  });

  it("computes again when the store's day changes in New York, not at UTC midnight", async () => {
    const { service, calls } = fakeService();
    const { writes } = counter();
    // 23:59:59.8 → 00:00:00.2 UTC is 18:59:59.8 → 19:00:00.2 in New York: the same store day.
    let now = Date.parse("2026-11-25T23:59:59.800Z");
    const cached = cachedDashboard(
      service,
      cachesOver(writes, () => now),
    );
    await cached.dashboard();
    now += 400;
    await cached.dashboard();
    expect(calls).toHaveLength(1);
    // 23:59:59.8 → 00:00:00.2 in New York (05:00 UTC in November), within the age bound.
    now = Date.parse("2026-11-26T04:59:59.800Z");
    await cached.dashboard();
    now += 400;
    const nextDay = await cached.dashboard();
    expect(calls).toHaveLength(3);
    expect(nextDay.today).toBe("2026-11-26T05:00:00.200Z");
  });

  it("never keeps figures asked for a given moment, nor serves kept ones for it", async () => {
    const { service, calls } = fakeService();
    const { writes } = counter();
    const cached = cachedDashboard(
      service,
      cachesOver(writes, () => start),
    );
    const kept = await cached.dashboard();
    const given = new Date(start - 86_400_000);
    const past = await cached.dashboard(given);
    expect(past).not.toBe(kept);
    await cached.dashboard(given);
    expect(calls).toEqual([new Date(start), given, given]);
    expect(await cached.dashboard()).toBe(kept);
  });
});
