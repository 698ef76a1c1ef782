/**
 * npm run bench:booking: GET /api/booking/windows on a busy calendar. Ten installers with
 * weekday and Saturday hours and 2,000 booked visits (online bookings and order visits, spread
 * over the past and next months, the horizon's windows half taken) are written straight into a
 * fresh SQLite database (and PostgreSQL when TEST_DATABASE_URL is set); the store's API process
 * (tests/support/api-server.ts) then answers the windows query, 4 requests at a time. Every
 * response's time is recorded for the exact p95. Target: p95 < 50 ms.
 *
 * Options: BENCH_REQUESTS (default 400).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { addDays, storeToday } from "../domain/scheduling/visit-time";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { replaceAvailability } from "../server/db/repositories/scheduling/availability";
import { seedCatalog } from "../server/db/seed";
import { spawnServer } from "../tests/support/spawn-server";
import { createBenchDatabase } from "./bench-database";
import { printTable } from "./table";

const REQUESTS = Number(process.env.BENCH_REQUESTS || 400);
const INSTALLERS = 10;
const VISITS = 2_000;
const DAY = [{ start: "08:00", end: "16:00" }];
const HOURS = {
  mon: DAY,
  tue: DAY,
  wed: DAY,
  thu: DAY,
  fri: DAY,
  sat: [{ start: "09:00", end: "13:00" }],
};
const STARTS = ["08:00", "10:00", "12:00", "14:00"];

async function fill(url: string) {
  const handle = openDatabase(
    url.startsWith("postgres")
      ? { dialect: "postgres", connectionString: url }
      : { dialect: "sqlite", filename: url },
  );
  const db = handle.db;
  await migrateToLatest(db);
  await seedCatalog(db);
  const at = new Date().toISOString();
  const ids: number[] = [];
  for (let i = 0; i < INSTALLERS; i++) {
    const row = await db
      .insertInto("staff")
      .values({
        name: `Installer ${i + 1}`,
        email: `installer${i + 1}@bench.example.com`,
        role: "installer",
        calendar_token_hash: null,
        created_at: at,
        updated_at: at,
        password_hash: null,
        must_change_password: 0,
        totp_secret: null,
        totp_last_step: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
    await replaceAvailability(db, Number(row.id), HOURS, [
      {
        from: addDays(storeToday(), 40),
        to: addDays(storeToday(), 45),
      },
    ]);
  }
  // 2,000 bookings: one per installer, day and window start, from 60 days back, skipping
  // every other slot so the horizon stays half free.
  const today = storeToday();
  const rows = [];
  let n = 0;
  for (let d = -60; n < VISITS; d++) {
    const date = addDays(today, d);
    for (const staffId of ids) {
      for (const [k, start] of STARTS.entries()) {
        if (n >= VISITS || (k + d + staffId) % 2 === 0) continue;
        rows.push({
          source: "online" as const,
          kind: "measure" as const,
          reference: `BENC-H${String(n).padStart(3, "0")}-${randomBytes(2).toString("hex").toUpperCase()}-XXXX`,
          status: "scheduled" as const,
          visit_date: date,
          start_time: start,
          end_time: `${String(Number(start.slice(0, 2)) + 2).padStart(2, "0")}:00`,
          staff_id: staffId,
          first_name: "Bench",
          last_name: `Customer ${n}`,
          email: `customer${n}@bench.example.com`,
          phone: "(239) 555-0100",
          address: `${n} Bench St`,
          city: "Fort Myers",
          zip_code: "33901",
          note: null,
          text_reminders: 0,
          estimate_request_id: null,
          order_id: null,
          uid: `${randomUUID()}@bench`,
          sequence: 0,
          created_at: at,
          updated_at: at,
        });
        n++;
      }
    }
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("visits")
      .values(rows.slice(i, i + 200))
      .execute();
  await handle.close();
}

async function run(dialect: "sqlite" | "postgres", port: number) {
  const db = await createBenchDatabase(dialect, "booking");
  try {
    await fill(db.url);
    const server = await spawnServer({
      script: "tests/support/api-server.ts",
      port,
      timeoutMs: 120_000,
      env: {
        DATA_DIR: db.dataDir,
        DATABASE_URL: db.url,
        ADMIN_PASSWORD: "bench-booking-password",
        LOG_LEVEL: "warn",
      },
    });
    try {
      const url = `${server.url}/api/booking/windows?zipCode=33901`;
      let windows = 0;
      for (let i = 0; i < 20; i++)
        windows = ((await (await fetch(url)).json()) as { windows: unknown[] }).windows.length;
      const times: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < REQUESTS) {
            next++;
            const t = performance.now();
            const res = await fetch(url);
            await res.arrayBuffer();
            if (!res.ok) throw new Error(`GET windows answered ${res.status}`);
            times.push(performance.now() - t);
          }
        }),
      );
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
      return {
        dialect,
        windows,
        requests: times.length,
        p50: p(0.5),
        p95: p(0.95),
        max: times.at(-1) ?? 0,
      };
    } finally {
      await server.kill("SIGTERM");
    }
  } finally {
    await db.drop();
  }
}

async function main() {
  const results = [await run("sqlite", 3391)];
  if (process.env.TEST_DATABASE_URL) results.push(await run("postgres", 3392));
  printTable(
    ["database", "windows offered", "requests", "p50 ms", "p95 ms", "max ms", "p95 < 50 ms"],
    results.map((r) => [
      r.dialect,
      String(r.windows),
      String(r.requests),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.max.toFixed(1),
      r.p95 < 50 ? "yes" : "NO",
    ]),
  );
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
