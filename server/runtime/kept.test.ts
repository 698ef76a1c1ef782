import { describe, expect, it } from "vitest";
import { counter, deferred } from "../../tests/support/kept-answers";
import type { KeptOptions } from "../services/caching";
import { createCaches, FIGURES_MAX_AGE_MS } from "./caches";
import { createKept } from "./kept";

// 2026-11-25 15:00 UTC is 10:00 in New York (EST, UTC-5), the store's zone.
const start = Date.parse("2026-11-25T15:00:00Z");

/** A kept cache on a clock the test moves, counting its computations. */
function setup(options: Partial<KeptOptions<string>> = {}, enabled = true) {
  let now = start;
  const kept = createKept<string>(
    { name: "test", maxKeys: 8, maxAgeMs: 1_000, ...options, clock: () => now },
    enabled,
  );
  const computed: string[] = [];
  const get = (key: string, label = key) =>
    kept.get(key, async (at) => {
      computed.push(`${label}@${at.getTime() - start}`);
      return `${label}-${computed.length}`;
    });
  return {
    kept,
    get,
    computed,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("createKept", () => {
  it("keeps one answer per key, computed with the moment of the miss", async () => {
    const { get, computed, advance } = setup();
    expect(await get("a")).toBe("a-1");
    advance(10);
    expect(await get("b")).toBe("b-2");
    expect(await get("a")).toBe("a-1");
    expect(await get("b")).toBe("b-2");
    expect(computed).toEqual(["a@0", "b@10"]);
  });

  it("drops the least recently used key past maxKeys", async () => {
    const { get, computed } = setup({ maxKeys: 2 });
    await get("a");
    await get("b");
    await get("a"); // a is now the most recently used
    await get("c"); // b goes
    expect(await get("a")).toBe("a-1");
    expect(await get("c")).toBe("c-3");
    expect(await get("b")).toBe("b-4");
    expect(computed).toHaveLength(4);
  });

  it("holds at most maxBytes, oldest first, and never a value over a quarter of it", async () => {
    const { kept, get } = setup({ maxBytes: 40, sizeOf: () => 10 });
    for (const key of ["a", "b", "c", "d", "e"]) await get(key);
    expect(kept.stats()).toMatchObject({ keys: 4, bytes: 40 });
    expect(await get("a")).toBe("a-6"); // a was the oldest: it went for e
    const big = setup({ maxBytes: 40, sizeOf: () => 11 });
    await big.get("a");
    expect(big.kept.stats()).toMatchObject({ keys: 0, bytes: 0 });
    expect(await big.get("a")).toBe("a-2");
  });

  it("serves an answer younger than maxAgeMs only", async () => {
    const { get, advance } = setup({ maxAgeMs: 1_000 });
    await get("a");
    advance(999);
    expect(await get("a")).toBe("a-1");
    advance(1);
    expect(await get("a")).toBe("a-2");
  });

  it("follows the version: an answer of another version is never served", async () => {
    let version = 1;
    const { get } = setup({ version: () => version });
    await get("a");
    expect(await get("a")).toBe("a-1");
    version = 2;
    expect(await get("a")).toBe("a-2");
    expect(await get("a")).toBe("a-2");
  });

  it("forgets everything at invalidate(), a computation under way included", async () => {
    const { kept, get } = setup();
    await get("a");
    const generation = kept.generation();
    const pending = deferred<string>();
    const inFlight = kept.get("b", () => pending.promise);
    kept.invalidate();
    expect(kept.generation()).toBeGreaterThan(generation);
    pending.resolve("from before the change");
    expect(await inFlight).toBe("from before the change");
    expect(await get("a")).toBe("a-2");
    expect(await get("b")).toBe("b-3");
  });

  it("does not keep an answer whose computation overlapped a change of version", async () => {
    let version = 1;
    const { kept, get } = setup({ version: () => version });
    const pending = deferred<string>();
    const first = kept.get("a", () => pending.promise);
    version = 2;
    pending.resolve("straddles the change");
    expect(await first).toBe("straddles the change");
    expect(await get("a")).toBe("a-1");
    expect(await get("a")).toBe("a-1");
  });

  it("shares one computation among concurrent misses of a key", async () => {
    const { kept } = setup();
    const pending = deferred<string>();
    let calls = 0;
    const compute = () => {
      calls++;
      return pending.promise;
    };
    const first = kept.get("a", compute);
    expect(kept.get("a", compute)).toBe(first);
    pending.resolve("once");
    expect(await first).toBe("once");
    expect(calls).toBe(1);
  });

  it("never keeps a refusal, nor an answer keepIf turns down", async () => {
    const { kept, get } = setup({ keepIf: (value) => !value.startsWith("nope") });
    await expect(
      kept.get("a", async () => {
        throw new Error("database unavailable");
      }),
    ).rejects.toThrow("database unavailable");
    expect(await get("a")).toBe("a-1");
    expect(await get("nope", "nope")).toBe("nope-2");
    expect(await get("nope", "nope")).toBe("nope-3");
  });

  it("peeks at a settled answer only", async () => {
    const { kept, advance } = setup();
    const pending = deferred<string>();
    const value = kept.get("a", () => pending.promise);
    expect(kept.peek("a")).toBeUndefined();
    pending.resolve("done");
    await value;
    expect(kept.peek("a")).toBe("done");
    advance(1_000);
    expect(kept.peek("a")).toBeUndefined();
  });

  it("turned off, computes every time and keeps nothing", async () => {
    const { kept, get, computed } = setup({}, false);
    await get("a");
    await get("a");
    expect(computed).toEqual(["a@0", "a@0"]);
    expect(kept.peek("a")).toBeUndefined();
    expect(kept.stats()).toMatchObject({ keys: 0, hits: 0, misses: 2 });
  });
});

describe("Caches.figures", () => {
  it("keeps until a write, for FIGURES_MAX_AGE_MS, and within the store's day in New York", async () => {
    const { writes, write } = counter();
    let now = start;
    const figures = createCaches({ enabled: true, writes, clock: () => now }).figures<number>(
      "figures",
      4,
    );
    let calls = 0;
    const compute = async () => ++calls;
    await figures.get("k", compute);
    expect(await figures.get("k", compute)).toBe(1);
    write();
    expect(await figures.get("k", compute)).toBe(2);
    now += FIGURES_MAX_AGE_MS;
    expect(await figures.get("k", compute)).toBe(3);
    // 23:59:59.8 → 00:00:00.2 UTC is 18:59 → 19:00 in New York: the same store day.
    now = Date.parse("2026-11-25T23:59:59.800Z");
    expect(await figures.get("k", compute)).toBe(4);
    now += 400;
    expect(await figures.get("k", compute)).toBe(4);
    // Midnight in New York (05:00 UTC in winter): a new day within the age bound.
    now = Date.parse("2026-11-26T04:59:59.800Z");
    expect(await figures.get("k", compute)).toBe(5);
    now += 400;
    expect(await figures.get("k", compute)).toBe(6);
  });

  it("are plain computations with CACHES=off", async () => {
    const { writes } = counter();
    const caches = createCaches({ enabled: false, writes });
    const figures = caches.figures<number>("figures", 4);
    let calls = 0;
    await figures.get("k", async () => ++calls);
    await figures.get("k", async () => ++calls);
    expect(calls).toBe(2);
    expect(caches.enabled).toBe(false);
  });
});
