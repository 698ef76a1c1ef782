import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger";
import { createOutageLog } from "./outage-log";

describe("the outage log", () => {
  afterEach(() => vi.useRealTimers());

  it("writes one line when the outage starts and one when the database answers again", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const logger = createLogger("info", {}, (line) => lines.push(line));
    let up = false;
    const outage = createOutageLog({
      logger,
      ping: async () => {
        if (!up) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      },
    });
    for (let i = 0; i < 1_802; i++) outage.refused(new Error("connect ECONNREFUSED"));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lines).toHaveLength(1);
    up = true;
    await vi.advanceTimersByTimeAsync(1_000);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.map((l) => [l.level, l.msg])).toEqual([
      ["error", "database unavailable"],
      ["info", "database available again"],
    ]);
    expect(logged[1]?.refused).toBe(1_802);
    // A second outage is logged again, with its own count.
    up = false;
    outage.refused(new Error("connect ECONNREFUSED"));
    up = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lines.map((l) => JSON.parse(l).refused ?? null)).toEqual([null, 1_802, null, 1]);
    outage.stop();
  });
});
