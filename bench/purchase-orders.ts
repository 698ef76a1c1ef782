/**
 * npm run bench:purchase-orders: the back office's purchase-order list.
 * bench/admin.ts's generated store (BENCH_ORDERS orders, default 100) gets two suppliers and
 * two purchase orders per order (BENCH_ORDERS × 2: every item on one of them, a remake line
 * where an order has one item; mixed statuses and ship dates). Then, for this tree and, with
 * BASE_DIR=<another checkout with its node_modules>, that checkout too, on the same database:
 * - the statements of one list (GET /api/admin/purchase-orders?status=all's service call),
 *   counted in this process by a spy on the drivers (each tree's own services);
 * - each tree's store (tests/support/api-server.ts) answering the list: both bodies compared
 *   byte for byte, then BENCH_REQUESTS (default 200) requests one at a time per round, the
 *   stores alternating over BENCH_ROUNDS (default 4) rounds: wall ms and server CPU ms
 *   (/proc, user + system) per request.
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. BENCH_PORT default 3700 (+1 for
 * BASE_DIR's store, +2/+3 on PostgreSQL).
 *
 * BENCH_LIST=dashboard: the same store, its BENCH_ORDERS orders in production
 * (every fifth one scheduled), every other order's purchase orders received in full, an
 * installation booked for every fourth order; timed: GET /api/admin/dashboard (its figures
 * cached as always, decision 260, plus purchasing's lists), statements of `dashboardLists()`.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import pg from "pg";
import { openDatabase } from "../server/db/database";
import type { Database } from "../server/db/types";
import { spawnServer } from "../tests/support/spawn-server";
import { cpuMs } from "./store-process";
import { printTable } from "./table";

process.env.BENCH_ORDERS ||= "100";
const { generate } = await import("./admin");
const { createBenchDatabase } = await import("./bench-database");
type Dialect = "sqlite" | "postgres";

const ORDERS = Number(process.env.BENCH_ORDERS);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 4);
const PORT = Number(process.env.BENCH_PORT || 3700);
const ROOT = path.resolve(import.meta.dirname, "..");
const BASE_DIR = process.env.BASE_DIR ? path.resolve(process.env.BASE_DIR) : undefined;
const EMAIL = "owner@bench.example.com";
const PASSWORD = "bench-admin-password";
const DASHBOARD = process.env.BENCH_LIST === "dashboard";
const LIST = DASHBOARD ? "/api/admin/dashboard" : "/api/admin/purchase-orders?status=all";
const STATUSES = ["draft", "sent", "confirmed", "partly_received", "received"] as const;

/** Two suppliers, two purchase orders per order, every item ordered. */
async function addPurchaseOrders(db: Kysely<Database>) {
  const at = new Date().toISOString();
  const suppliers: number[] = [];
  for (const n of [1, 2]) {
    const row = await db
      .insertInto("suppliers")
      .values({
        name: `Supplier ${n}`,
        email: `po${n}@supplier.example.com`,
        phone: null,
        account_number: `ACC-${n}`,
        lead_days: 7 * n,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    suppliers.push(Number(row.id));
  }
  const items = await db
    .selectFrom("order_items")
    .select(["id", "order_id", "position", "quantity"])
    .where("order_id", "<=", ORDERS)
    .orderBy("order_id")
    .orderBy("position")
    .execute();
  let poNumber = 1000;
  for (let orderId = 1; orderId <= ORDERS; orderId++) {
    const own = items.filter((i) => Number(i.order_id) === orderId);
    for (const [k, supplierId] of suppliers.entries()) {
      poNumber++;
      const status =
        DASHBOARD && orderId % 2 === 0
          ? "received"
          : (STATUSES[poNumber % STATUSES.length] ?? "draft");
      const po = await db
        .insertInto("purchase_orders")
        .values({
          po_number: poNumber,
          order_id: orderId,
          supplier_id: supplierId,
          status,
          supplier_reference: status === "draft" ? null : `REF-${poNumber}`,
          expected_ship_date: new Date(Date.now() + ((poNumber % 41) - 20) * 86_400_000)
            .toISOString()
            .slice(0, 10),
          sent_at: status === "draft" ? null : at,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const mine = own.length > 1 ? own.filter((_, i) => i % 2 === k) : own;
      for (const item of mine) {
        await db
          .insertInto("purchase_order_lines")
          .values({
            purchase_order_id: po.id,
            order_item_id: item.id,
            quantity: item.quantity,
            received_quantity: status === "received" ? item.quantity : 0,
            is_remake: own.length === 1 && k === 1 ? 1 : 0,
            created_at: at,
          })
          .execute();
      }
    }
  }
  if (DASHBOARD) await forTheDashboard(db, at);
  await db
    .updateTable("order_counters")
    .set({ value: poNumber })
    .where("name", "=", "purchase_order")
    .execute();
  return poNumber - 1000;
}

/** BENCH_LIST=dashboard: the orders in production or scheduled, some installations booked. */
async function forTheDashboard(db: Kysely<Database>, at: string) {
  const ids = Array.from({ length: ORDERS }, (_, i) => i + 1);
  const scheduled = ids.filter((id) => id % 5 === 0);
  await db
    .updateTable("orders")
    .set({ status: "in_production" })
    .where("id", "<=", ORDERS)
    .execute();
  await db
    .updateTable("orders")
    .set({ status: "scheduled" })
    .where("id", "in", scheduled)
    .execute();
  const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await db
    .insertInto("visits")
    .values(
      ids
        .filter((id) => id % 4 === 0)
        .map((id) => ({
          order_id: id,
          kind: "install" as const,
          status: "scheduled" as const,
          visit_date: date,
          start_time: "09:00",
          end_time: "11:00",
          staff_id: null,
          uid: `bench-dashboard-${id}@bench.example`,
          sequence: 0,
          created_at: at,
          updated_at: at,
        })),
    )
    .execute();
}

/** The statements one call runs, as the drivers receive them (tests/support/statement-spy.ts). */
async function countStatements(fn: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const Statement = Object.getPrototypeOf(new SQLite(":memory:").prepare("select 1"));
  const originals = (["all", "get", "run", "iterate"] as const).map((m) => [m, Statement[m]]);
  for (const [m, original] of originals) {
    Statement[m] = function (this: unknown, ...args: unknown[]) {
      count++;
      return original.apply(this, args);
    };
  }
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await fn();
    return count;
  } finally {
    for (const [m, original] of originals) Statement[m] = original;
    pg.Client.prototype.query = query;
  }
}

/** One tree's services on the database, for the statement count of one list. */
async function statementsOfList(root: string, url: string, dataDir: string): Promise<number> {
  const { loadConfig } = await import(path.join(root, "server/config.ts"));
  const { bootstrap } = await import(path.join(root, "server/bootstrap.ts"));
  const { createLogger } = await import(path.join(root, "server/logger.ts"));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, ADMIN_PASSWORD: PASSWORD });
  const { services, close } = await bootstrap(
    config,
    createLogger("warn", {}, () => {}),
  );
  try {
    const list = () =>
      DASHBOARD
        ? services.purchaseOrders.dashboardLists()
        : services.purchaseOrders.listPurchaseOrders({ status: "all" });
    await list(); // the catalog's names, cached
    return await countStatements(list);
  } finally {
    await close();
  }
}

async function run(dialect: Dialect, rows: string[][]) {
  const database = await createBenchDatabase(dialect, "purchase_orders");
  try {
    await generate(database.url, dialect);
    const handle = openDatabase(
      dialect === "postgres"
        ? { dialect, connectionString: database.url }
        : { dialect, filename: database.url },
    );
    const made = await addPurchaseOrders(handle.db);
    await handle.close();
    const trees = [{ name: "this tree", root: ROOT }];
    if (BASE_DIR) trees.unshift({ name: "BASE_DIR", root: BASE_DIR });
    const port = PORT + (dialect === "postgres" ? 2 : 0);
    const stores = [];
    for (const [i, tree] of trees.entries()) {
      const statements = await statementsOfList(tree.root, database.url, database.dataDir);
      const server = await spawnServer({
        script: "tests/support/api-server.ts",
        root: tree.root,
        port: port + i,
        env: {
          DATA_DIR: database.dataDir,
          DATABASE_URL: database.url,
          ADMIN_EMAIL: EMAIL,
          ADMIN_PASSWORD: PASSWORD,
          LOG_LEVEL: "warn",
        },
      });
      const login = await fetch(`${server.url}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
      const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      stores.push({
        ...tree,
        server,
        cookie,
        statements,
        wall: [] as number[],
        cpu: [] as number[],
      });
    }
    try {
      const bodies: string[] = [];
      for (const s of stores) {
        const res = await fetch(`${s.server.url}${LIST}`, { headers: { cookie: s.cookie } });
        if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
        bodies.push(await res.text());
      }
      const first = JSON.parse(bodies[0] ?? "[]") as unknown[] | { readyToInstall: unknown[] };
      const count = Array.isArray(first)
        ? first.length
        : `${first.readyToInstall.length} ready to install`;
      const same = bodies.every((b) => b === bodies[0]);
      process.stdout.write(
        `${dialect}: ${ORDERS} orders, ${made} purchase orders; the list answers ${count} (${bodies[0]?.length} bytes)${stores.length > 1 ? `, bodies ${same ? "identical" : "DIFFERENT"}` : ""}\n`,
      );
      if (!same) process.exitCode = 1;
      for (const s of stores) {
        for (let i = 0; i < 20; i++)
          await fetch(`${s.server.url}${LIST}`, { headers: { cookie: s.cookie } }).then((r) =>
            r.text(),
          );
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const s of round % 2 ? [...stores].reverse() : stores) {
          const cpu = cpuMs(s.server.child.pid);
          const started = performance.now();
          for (let i = 0; i < REQUESTS; i++) {
            const res = await fetch(`${s.server.url}${LIST}`, { headers: { cookie: s.cookie } });
            await res.text();
          }
          s.wall.push((performance.now() - started) / REQUESTS);
          s.cpu.push((cpuMs(s.server.child.pid) - cpu) / REQUESTS);
        }
      }
    } finally {
      for (const s of stores) await s.server.kill("SIGTERM");
    }
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(" / ");
    for (const s of stores) {
      rows.push([dialect, s.name, String(s.statements), fmt(s.wall), fmt(s.cpu)]);
    }
  } finally {
    await database.drop();
  }
}

const rows: string[][] = [];
const load = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const loads = [load()];
for (const dialect of (process.env.TEST_DATABASE_URL
  ? ["sqlite", "postgres"]
  : ["sqlite"]) as Dialect[]) {
  await run(dialect, rows);
  loads.push(load());
}
printTable(
  [
    "database",
    "store",
    "statements per list",
    "wall ms per list (rounds)",
    "server CPU ms per list (rounds)",
  ],
  rows,
);
process.stdout.write(
  `\nGET ${LIST}, ${REQUESTS} requests one at a time per round, ${ROUNDS} rounds alternating; load average: ${loads.join(" → ")}\n`,
);
