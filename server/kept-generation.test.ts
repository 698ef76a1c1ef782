import { describe, expect, it } from "vitest";
import { counter, deferred } from "../tests/support/kept-answers";
import { generationAt, keptPerKey, stillHolds } from "./kept-generation";

// 2026-11-25 15:00 UTC is 10:00 in New York (EST, UTC-5), the store's zone.
const start = Date.parse("2026-11-25T15:00:00Z");
const MAX_AGE = 3_000;

describe("stillHolds", () => {
  it("holds for the same version and day within the age bound, and never for nothing kept", () => {
    const { writes, write } = counter();
    const kept = generationAt(writes, start);
    expect(stillHolds(kept, generationAt(writes, start + MAX_AGE - 1), MAX_AGE)).toBe(true);
    expect(stillHolds(kept, generationAt(writes, start + MAX_AGE), MAX_AGE)).toBe(false);
    expect(stillHolds(undefined, generationAt(writes, start), MAX_AGE)).toBe(false);
    write();
    expect(stillHolds(kept, generationAt(writes, start), MAX_AGE)).toBe(false);
  });

  it("follows the store's day in New York, not the UTC date", () => {
    const { writes } = counter();
    const long = 86_400_000;
    // 23:59:59 → 00:00:01 UTC is 18:59:59 → 19:00:01 in New York: the same store day.
    const utcMidnight = generationAt(writes, Date.parse("2026-11-25T23:59:59Z"));
    const after = generationAt(writes, Date.parse("2026-11-26T00:00:01Z"));
    expect(stillHolds(utcMidnight, after, long)).toBe(true);
    // 23:59:59 → 00:00:01 in New York (05:00 UTC in winter, 04:00 in summer): a new day.
    const evening = generationAt(writes, Date.parse("2026-11-26T04:59:59Z"));
    expect(
      stillHolds(evening, generationAt(writes, Date.parse("2026-11-26T05:00:01Z")), long),
    ).toBe(false);
    const summer = generationAt(writes, Date.parse("2026-07-01T03:59:59Z"));
    expect(stillHolds(summer, generationAt(writes, Date.parse("2026-07-01T04:00:01Z")), long)).toBe(
      false,
    );
    expect(stillHolds(summer, generationAt(writes, Date.parse("2026-07-01T03:00:00Z")), long)).toBe(
      true,
    );
  });
});

describe("keptPerKey", () => {
  it("keeps an answer per key until a write, and computes with the generation's moment", async () => {
    const { writes, write } = counter();
    let now = start;
    const kept = keptPerKey<string>(writes, MAX_AGE, () => now);
    const moments: number[] = [];
    const compute = (label: string) => async (at: Date) => {
      moments.push(at.getTime());
      return `${label}-${moments.length}`;
    };
    expect(await kept("a", compute("a"))).toBe("a-1");
    now += 1000;
    expect(await kept("a", compute("a"))).toBe("a-1");
    expect(await kept("b", compute("b"))).toBe("b-2");
    expect(moments).toEqual([start, start + 1000]);
    write();
    expect(await kept("a", compute("a"))).toBe("a-3");
  });

  it("shares one computation among concurrent misses of a key", async () => {
    const { writes } = counter();
    const kept = keptPerKey<string>(writes, MAX_AGE, () => start);
    const pending = deferred<string>();
    let calls = 0;
    const compute = () => {
      calls++;
      return pending.promise;
    };
    const first = kept("a", compute);
    const second = kept("a", compute);
    expect(second).toBe(first);
    pending.resolve("once");
    expect(await Promise.all([first, second])).toEqual(["once", "once"]);
    expect(calls).toBe(1);
  });

  it("does not keep an answer whose computation overlapped a write", async () => {
    const { writes, write } = counter();
    const kept = keptPerKey<string>(writes, MAX_AGE, () => start);
    const pending = deferred<string>();
    let calls = 0;
    const first = kept("a", () => {
      calls++;
      return pending.promise;
    });
    write();
    pending.resolve("straddles the write");
    await first;
    // The generation moved meanwhile, and the answer is not kept for the new one either.
    expect(
      await kept("a", async () => {
        calls++;
        return "after";
      }),
    ).toBe("after");
    expect(
      await kept("a", async () => {
        calls++;
        return "again";
      }),
    ).toBe("after");
    expect(calls).toBe(2);
  });

  it("never keeps a refusal", async () => {
    const { writes } = counter();
    const kept = keptPerKey<string>(writes, MAX_AGE, () => start);
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error("database unavailable");
    };
    await expect(kept("a", failing)).rejects.toThrow("database unavailable");
    expect(await kept("a", async () => `ok-${++calls}`)).toBe("ok-2");
  });

  it("computes again past the age bound and past the store's midnight", async () => {
    const { writes } = counter();
    let now = start;
    const kept = keptPerKey<number>(writes, MAX_AGE, () => now);
    let calls = 0;
    const compute = async () => ++calls;
    await kept("a", compute);
    now += MAX_AGE - 1;
    expect(await kept("a", compute)).toBe(1);
    now += 1;
    expect(await kept("a", compute)).toBe(2);
    now = Date.parse("2026-11-26T04:59:59Z");
    expect(await kept("a", compute)).toBe(3);
    now += 2000;
    expect(await kept("a", compute)).toBe(4);
  });

  it("answers the keys it keeps when full, and starts again for a new key", async () => {
    const { writes } = counter();
    const kept = keptPerKey<string>(writes, MAX_AGE, () => start, 2);
    let calls = 0;
    const compute = async () => `call-${++calls}`;
    await kept("a", compute);
    await kept("b", compute);
    expect(await kept("a", compute)).toBe("call-1");
    expect(await kept("b", compute)).toBe("call-2");
    await kept("c", compute); // the map was full: it starts again
    expect(await kept("a", compute)).toBe("call-4");
    expect(await kept("c", compute)).toBe("call-3");
  });
});
