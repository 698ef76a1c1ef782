/**
 * npm run bench:texts-inbound: 1,000 inbound texts in a minute, as Twilio posts them (form-encoded,
 * signed with the twilio package's own signature function), to the store's API process
 * (tests/support/api-server.ts) on a fresh SQLite database (and PostgreSQL when TEST_DATABASE_URL
 * is set). The texts come from 250 numbers (so most land in a thread that exists), one in fifty
 * is a keyword (STOP, START, HELP), each with its own MessageSid; they are sent at an even pace
 * (BENCH_TEXTS over BENCH_SECONDS), up to 8 at a time. Every answer's time is recorded for the
 * exact p95; afterwards the database must hold exactly one message per MessageSid. Target: p95
 * < 50 ms each on SQLite.
 *
 * Options: BENCH_TEXTS (default 1000), BENCH_SECONDS (default 60).
 */
import twilio from "twilio";
import { openDatabase } from "../server/db/database";
import { spawnServer } from "../tests/support/spawn-server";
import { createBenchDatabase } from "./bench-database";
import { printTable } from "./table";

const TEXTS = Number(process.env.BENCH_TEXTS || 1000);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const NUMBERS = 250;
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
  TWILIO_AUTH_TOKEN: "benchauthtoken0123456789abcdefAB",
  TWILIO_FROM: "+12395550100",
  PUBLIC_URL: "https://blinds.example",
};
const WORDS = ["Can he come at 2 instead?", "Thank you!", "Is the installer on his way?"];

function inbound(n: number): Record<string, string> {
  const keyword = n % 50 === 49 ? ["STOP", "START", "HELP"][((n / 50) % 3) | 0] : undefined;
  return {
    From: `+1239${String(5500000 + (n % NUMBERS)).padStart(7, "0")}`,
    To: TWILIO.TWILIO_FROM,
    Body: keyword ?? WORDS[n % WORDS.length] ?? "",
    MessageSid: `SM${n.toString(16).padStart(32, "0")}`,
    NumMedia: "0",
  };
}

async function countMessages(url: string): Promise<number> {
  const handle = openDatabase(
    url.startsWith("postgres")
      ? { dialect: "postgres", connectionString: url }
      : { dialect: "sqlite", filename: url },
  );
  try {
    const row = await handle.db
      .selectFrom("text_messages")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("direction", "=", "in")
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await handle.close();
  }
}

async function run(dialect: "sqlite" | "postgres", port: number) {
  const db = await createBenchDatabase(dialect, "texts");
  try {
    const server = await spawnServer({
      script: "tests/support/api-server.ts",
      port,
      timeoutMs: 120_000,
      env: {
        DATA_DIR: db.dataDir,
        DATABASE_URL: db.url,
        ADMIN_PASSWORD: "bench-texts-password",
        LOG_LEVEL: "warn",
        ...TWILIO,
        // Nothing is sent anywhere: the answers to keywords are TwiML, replies are not queued.
        TWILIO_BASE_URL: "http://127.0.0.1:9",
      },
    });
    try {
      const url = `${server.url}/api/texts/inbound`;
      const signedUrl = `${TWILIO.PUBLIC_URL}/api/texts/inbound`;
      const send = async (n: number) => {
        const params = inbound(n);
        const signature = twilio.getExpectedTwilioSignature(
          TWILIO.TWILIO_AUTH_TOKEN,
          signedUrl,
          params,
        );
        const t = performance.now();
        const res = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-twilio-signature": signature,
          },
          body: new URLSearchParams(params).toString(),
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`inbound text ${n} answered ${res.status}`);
        return performance.now() - t;
      };
      // Warm-up on texts of their own (counted in the total below).
      for (let n = 0; n < 20; n++) await send(TEXTS + n);
      const times: number[] = [];
      const started = performance.now();
      const gap = (SECONDS * 1000) / TEXTS;
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < TEXTS) {
            const n = next++;
            const due = started + n * gap;
            const wait = due - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            times.push(await send(n));
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      // Each MessageSid again: answered, never stored twice.
      for (let n = 0; n < 20; n++) await send(n);
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
      return {
        dialect,
        texts: times.length,
        seconds: elapsed,
        p50: p(0.5),
        p95: p(0.95),
        max: times.at(-1) ?? 0,
        stored: await countMessages(db.url),
      };
    } finally {
      await server.kill("SIGTERM");
    }
  } finally {
    await db.drop();
  }
}

async function main() {
  const results = [await run("sqlite", 3471)];
  if (process.env.TEST_DATABASE_URL) results.push(await run("postgres", 3472));
  printTable(
    ["database", "texts", "seconds", "p50 ms", "p95 ms", "max ms", "stored", "p95 < 50 ms"],
    results.map((r) => [
      r.dialect,
      String(r.texts),
      r.seconds.toFixed(1),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.max.toFixed(1),
      `${r.stored} of ${TEXTS + 20}`,
      r.p95 < 50 ? "yes" : "NO",
    ]),
  );
  if (results.some((r) => r.stored !== TEXTS + 20)) {
    console.error("a MessageSid was stored twice or lost");
    process.exit(1);
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
