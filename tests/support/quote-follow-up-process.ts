/**
 * One "process" of tests/integration/quote-follow-up-processes.test.ts: a real child (node
 * --import tsx) with its own database connection and its own scheduler holder, running the
 * quote follow-up job with the clock the parent gives it. It reads one command per line on
 * standard input and answers one JSON line on standard output:
 *   `lease <nowMs>`: the scheduler's runIfDue (the lease decides who runs) → `{ "ran": bool }`
 *   `run <nowMs>`: the job's run itself, as when a lease ended mid-run → `{ reminders, expired }`
 * It prints `{ "ready": true }` once connected, so the parent can start both at once.
 */
import readline from "node:readline";
import { loadConfig } from "../../server/config";
import type { ServiceDeps } from "../../server/context";
import { openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { createScheduler } from "../../server/services/platform/scheduler";
import { createQuoteFollowUp } from "../../server/services/sales/quote-follow-up";

async function main() {
  const config = loadConfig();
  const handle = openDatabase(config.database);
  const logger = createLogger("silent");
  let nowMs = Date.now();
  const followUp = createQuoteFollowUp(
    { db: handle.db, config, logger, emails: { kick() {} } } as unknown as ServiceDeps,
    () => nowMs,
  );
  const scheduler = createScheduler({
    db: handle.db,
    logger,
    holder: process.env.HOLDER ?? `pid-${process.pid}`,
  });
  // Its own job name: a store process holds the real job's lease on the real clock.
  const job = { ...followUp.job, name: "quote-follow-up-fake-clock" };
  await handle.db.selectFrom("quotes").select("id").limit(1).execute();
  const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  say({ ready: true });
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [command, at] = line.trim().split(" ");
    nowMs = Number(at);
    if (command === "lease") say({ ran: await scheduler.runIfDue(job) });
    else if (command === "run") say(await followUp.run());
    else break;
  }
  await handle.close();
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
