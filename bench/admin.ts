/**
 * npm run bench:admin: the back office on a big store. 100,000 generated orders (two years of
 * them, 1–3 items each, their status history, payments and visits) are written straight into a
 * fresh database, then the store's API process (tests/support/api-server.ts) answers
 * GET /api/admin/dashboard, GET /api/admin/orders (first page, and filtered by status) and the
 * books' reports of last month and last quarter (GET /api/admin/reports, its summary.csv and
 * payments.csv, and the margin report GET /api/admin/reports/margin) to autocannon, logged in as
 * the admin. Orders from production on have a purchase order whose lines carry costs; completed
 * ones an installation visit done by one of three installers (on my way → done, 2–3 hours) and,
 * four in ten, an accepted quote built by a salesperson on commission.
 * Every response's time is recorded for the exact p95. SQLite always; PostgreSQL too when
 * TEST_DATABASE_URL is set. Targets: p95 < 100 ms each, the reports and CSVs < 200 ms.
 *
 * Options: BENCH_ORDERS (default 100000), BENCH_DURATION (s, default 10),
 * BENCH_CONNECTIONS (default 4: a small office's people using the admin at once), BENCH_PORT
 * (default 3530; PostgreSQL's server +1), BENCH_ONLY (measure only the requests whose name holds
 * this text, e.g. "reports").
 */

import os from "node:os";
import autocannon from "autocannon";
import { type Insertable, sql } from "kysely";
import { previousMonth, previousQuarter } from "../domain/books/books-schema";
import type { OrderStatus } from "../domain/orders/order-status";
import { addDays, storeToday } from "../domain/scheduling/visit-time";
import type { Db } from "../server/db/database";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import type {
  OrderItemsTable,
  OrderStatusHistoryTable,
  OrdersTable,
  PaymentsTable,
  PurchaseOrderLinesTable,
  PurchaseOrdersTable,
  QuotesTable,
  VisitsTable,
} from "../server/db/types";
import { spawnServer } from "../tests/support/spawn-server";
import type { TestDialect } from "../tests/support/test-database";
import { createBenchDatabase } from "./bench-database";
import { printTable } from "./table";

const ORDERS = Number(process.env.BENCH_ORDERS || 100_000);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 4);

const PORT = Number(process.env.BENCH_PORT || 3530);
const PORTS: Record<TestDialect, number> = { sqlite: PORT, postgres: PORT + 1 };
const PASSWORD = "bench-admin-password";
/** The first owner's login (ADMIN_EMAIL, set below). */
const EMAIL = "owner@bench.example.com";
const TARGET_MS = 100;
const DAY_MS = 86_400_000;
const BATCH = 500;

const PRODUCTS = [
  { id: 1, type: "vinyl", name: "Vinyl Vertical Blinds", color: "white", colorName: "White" },
  {
    id: 2,
    type: "standard-shutters",
    name: "Standard Plantation Shutters",
    color: "ivory",
    colorName: "Ivory",
  },
  { id: 6, type: "aluminum", name: "Aluminum Mini Blinds", color: "silver", colorName: "Silver" },
];
const PAY_METHODS = ["check", "card", "card", "cash"] as const;
const FIRST = ["Ana", "Ben", "Carla", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivan", "June"];
const LAST = ["Alvarez", "Brooks", "Chen", "Diaz", "Evans", "Foster", "Garcia", "Hughes"];

/** A deterministic pseudo-random sequence (the same data every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function statusFor(ageDays: number, r: number): OrderStatus {
  if (r < 0.06) return "cancelled";
  if (ageDays > 60) return "completed";
  if (ageDays > 35) return r < 0.7 ? "completed" : "scheduled";
  if (ageDays > 20) return r < 0.5 ? "in_production" : "scheduled";
  if (ageDays > 7) return r < 0.5 ? "measured" : "confirmed";
  return r < 0.6 ? "pending" : "confirmed";
}

const FLOW: OrderStatus[] = [
  "pending",
  "confirmed",
  "measured",
  "in_production",
  "scheduled",
  "completed",
];

/** The people and the supplier the jobs' costs name: three installers and a salesperson. */
async function insertCostPeople(db: Db) {
  const at = new Date().toISOString();
  const staff = await db
    .insertInto("staff")
    .values(
      [
        ["Ray Installer", "installer", 3_000, 0],
        ["Luis Installer", "installer", 3_250, 0],
        ["Kim Installer", "installer", 2_800, 0],
        ["Sam Seller", "office", 0, 500],
      ].map(([name, role, hourly, commission], n) => ({
        name: String(name),
        email: `bench-staff-${n}@bench.example.com`,
        role: role === "office" ? ("office" as const) : ("installer" as const),
        calendar_token_hash: null,
        created_at: at,
        password_hash: null,
        totp_secret: null,
        totp_last_step: null,
        updated_at: at,
        hourly_cost_cents: Number(hourly),
        commission_basis_points: Number(commission),
      })),
    )
    .returning("id")
    .execute();
  const supplier = await db
    .insertInto("suppliers")
    .values({
      name: "Bench Fabricators",
      email: "orders@fabricators.example.com",
      phone: null,
      account_number: null,
      lead_days: 14,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids = staff.map((r) => Number(r.id));
  return { installers: ids.slice(0, 3), seller: ids[3] ?? 0, supplier: Number(supplier.id) };
}

/** The rows of one order's job costs (purchase order, lines, the done visit, the quote). */
interface CostRows {
  purchaseOrders: Insertable<PurchaseOrdersTable>[];
  lines: Insertable<PurchaseOrderLinesTable>[];
  visits: Insertable<VisitsTable>[];
  quotes: Insertable<QuotesTable>[];
}

function addJobCosts(
  rows: CostRows,
  people: Awaited<ReturnType<typeof insertCostPeople>>,
  job: {
    order: Insertable<OrdersTable>;
    items: readonly Insertable<OrderItemsTable>[];
    status: OrderStatus;
    created: string;
    rnd: () => number;
  },
) {
  const { order, status, created, rnd } = job;
  const orderId = Number(order.id);
  if (FLOW.indexOf(status) < 3) return;
  rows.purchaseOrders.push({
    id: orderId,
    po_number: 5000 + orderId,
    order_id: orderId,
    supplier_id: people.supplier,
    status: status === "completed" ? "received" : "confirmed",
    supplier_reference: null,
    expected_ship_date: created.slice(0, 10),
    sent_at: created,
    created_at: created,
    updated_at: created,
  });
  for (const item of job.items) {
    const entered = rnd() < 0.3;
    rows.lines.push({
      purchase_order_id: orderId,
      order_item_id: Number(item.id),
      quantity: Number(item.quantity),
      received_quantity: status === "completed" ? Number(item.quantity) : 0,
      created_at: created,
      unit_cost_cents: Math.round(Number(item.unit_price_cents) * (0.35 + rnd() * 0.2)),
      cost_source: entered ? "entered" : "grid",
    });
  }
  if (status !== "completed") return;
  const start = Date.parse(created);
  const minutes = 120 + Math.floor(rnd() * 60);
  rows.visits.push({
    order_id: orderId,
    kind: "install",
    status: "done",
    visit_date: created.slice(0, 10),
    start_time: "09:00",
    end_time: "12:00",
    staff_id: people.installers[orderId % people.installers.length] ?? null,
    uid: `bench-done-${orderId}@bench.example`,
    sequence: 0,
    created_at: created,
    updated_at: created,
    on_my_way_at: new Date(start).toISOString(),
    done_at: new Date(start + minutes * 60_000).toISOString(),
  });
  if (rnd() < 0.4) {
    rows.quotes.push({
      quote_number: 1000 + orderId,
      token: `bench${String(orderId).padStart(19, "0")}`,
      status: "accepted",
      deposit_percent: 0,
      valid_until: created.slice(0, 10),
      note: null,
      estimate_id: null,
      visit_id: null,
      order_id: null,
      accepted_order_id: orderId,
      staff_id: people.seller,
      sent_at: created,
      viewed_at: created,
      answered_at: created,
      decline_reason: null,
      created_at: created,
      updated_at: created,
      first_name: order.first_name,
      last_name: order.last_name,
      email: order.email,
      phone: order.phone,
      address: order.address,
      city: order.city,
      zip_code: order.zip_code,
    });
  }
}

export async function generate(databaseUrl: string, dialect: TestDialect) {
  const handle = openDatabase(
    dialect === "postgres"
      ? { dialect: "postgres", connectionString: databaseUrl }
      : { dialect: "sqlite", filename: databaseUrl },
  );
  const db = handle.db;
  await migrateToLatest(db);
  const rnd = random(42);
  const now = Date.now();
  const today = storeToday();
  const started = performance.now();
  let orderId = 0;
  let itemId = 0;
  let visitCount = 0;
  let paymentCount = 0;
  let costLines = 0;
  const people = await insertCostPeople(db);
  for (let batchStart = 0; batchStart < ORDERS; batchStart += BATCH) {
    const orders: Insertable<OrdersTable>[] = [];
    const items: Insertable<OrderItemsTable>[] = [];
    const history: Insertable<OrderStatusHistoryTable>[] = [];
    const payments: Insertable<PaymentsTable>[] = [];
    const visits: Insertable<VisitsTable>[] = [];
    const costs: CostRows = { purchaseOrders: [], lines: [], visits: [], quotes: [] };
    for (let n = batchStart; n < Math.min(ORDERS, batchStart + BATCH); n++) {
      orderId++;
      const ageDays = ((ORDERS - n) / ORDERS) * 730;
      const created = new Date(now - ageDays * DAY_MS).toISOString();
      const status = statusFor(ageDays, rnd());
      const count = 1 + Math.floor(rnd() * 3);
      let subtotal = 0;
      const firstItem = items.length;
      for (let k = 0; k < count; k++) {
        const p = PRODUCTS[Math.floor(rnd() * PRODUCTS.length)] ?? PRODUCTS[0];
        const unit = 5_000 + Math.floor(rnd() * 40_000);
        const qty = 1 + Math.floor(rnd() * 2);
        subtotal += unit * qty;
        itemId++;
        items.push({
          id: itemId,
          order_id: orderId,
          position: k,
          kind: "product",
          product_id: p?.id ?? 1,
          service_id: null,
          item_type: p?.type ?? "vinyl",
          name: p?.name ?? "Vinyl Vertical Blinds",
          width_eighths: 36 * 8,
          height_eighths: 48 * 8,
          selected_color: p?.color ?? "white",
          color_name: p?.colorName ?? "White",
          include_installation: 1,
          quantity: qty,
          unit_price_cents: unit,
          installation_cents: 7_500,
          line_total_cents: unit * qty,
          room_label: "Living room",
          configuration: JSON.stringify({
            productType: p?.type ?? "vinyl",
            selectedColor: p?.color ?? "white",
            includeInstallation: true,
          }),
        });
      }
      const discount = count > 1 ? Math.round(subtotal * 0.1) : 0;
      // Lee County's 6.5 % (every generated item is under the $5,000 surtax cap).
      const tax = Math.round((subtotal - discount) * 0.065);
      const surtax = Math.round((subtotal - discount) * 0.005);
      const total = subtotal - discount + tax;
      const paid =
        status === "completed"
          ? total
          : status === "scheduled" && rnd() < 0.3
            ? Math.round(total / 2)
            : 0;
      orders.push({
        id: orderId,
        order_number: 1000 + orderId,
        reference: `B${String(orderId).padStart(7, "0")}`,
        cart_id: `bench-cart-${orderId}`,
        status,
        first_name: FIRST[orderId % FIRST.length] ?? "Ana",
        last_name: LAST[orderId % LAST.length] ?? "Chen",
        email: `customer${orderId}@example.com`,
        phone: `(239) 555-${String(orderId % 10_000).padStart(4, "0")}`,
        address: `${orderId} Palm Way`,
        city: "Fort Myers",
        state: "FL",
        zip_code: "33901",
        special_instructions: null,
        visit_window: null,
        subtotal_cents: subtotal,
        discount_cents: discount,
        shipping_cents: 0,
        tax_cents: tax,
        total_cents: total,
        tax_rate_bp: 650,
        surtax_rate_bp: 50,
        surtaxable_cents: subtotal - discount,
        surtax_cents: surtax,
        item_count: count,
        paid_cents: paid,
        created_at: created,
        updated_at: created,
      });
      const order = orders.at(-1);
      if (order) {
        addJobCosts(costs, people, { order, items: items.slice(firstItem), status, created, rnd });
      }
      const steps =
        status === "cancelled"
          ? (["pending", "cancelled"] as const)
          : FLOW.slice(0, FLOW.indexOf(status) + 1);
      steps.forEach((to, i) => {
        history.push({
          order_id: orderId,
          from_status: i === 0 ? null : (steps[i - 1] ?? null),
          to_status: to,
          note: null,
          actor: i === 0 ? "customer" : "admin",
          changed_at: created,
        });
      });
      if (paid > 0) {
        paymentCount++;
        payments.push({
          order_id: orderId,
          amount_cents: paid,
          method: PAY_METHODS[orderId % PAY_METHODS.length] ?? "check",
          reference: null,
          note: null,
          actor: "admin",
          staff_id: null,
          received_at: created,
        });
      }
      // About 20 visits a day: a busy crew's schedule, not one per order.
      if (ageDays < 35 && status !== "cancelled" && status !== "pending" && rnd() < 0.15) {
        visitCount++;
        const date = addDays(today, Math.floor(rnd() * 28) - 7);
        const start = `${String(8 + Math.floor(rnd() * 8)).padStart(2, "0")}:00`;
        visits.push({
          order_id: orderId,
          kind: FLOW.indexOf(status) >= 3 ? "install" : "measure",
          status: "scheduled",
          visit_date: date,
          start_time: start,
          end_time: `${String(Number(start.slice(0, 2)) + 2).padStart(2, "0")}:00`,
          staff_id: null,
          uid: `bench-${orderId}@bench.example`,
          sequence: 0,
          created_at: created,
          updated_at: created,
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("orders").values(orders).execute();
      for (let i = 0; i < items.length; i += BATCH) {
        await trx
          .insertInto("order_items")
          .values(items.slice(i, i + BATCH))
          .execute();
      }
      for (let i = 0; i < history.length; i += BATCH) {
        await trx
          .insertInto("order_status_history")
          .values(history.slice(i, i + BATCH))
          .execute();
      }
      if (payments.length) await trx.insertInto("payments").values(payments).execute();
      if (visits.length) await trx.insertInto("visits").values(visits).execute();
      if (costs.purchaseOrders.length) {
        await trx.insertInto("purchase_orders").values(costs.purchaseOrders).execute();
      }
      for (let i = 0; i < costs.lines.length; i += BATCH) {
        await trx
          .insertInto("purchase_order_lines")
          .values(costs.lines.slice(i, i + BATCH))
          .execute();
      }
      if (costs.visits.length) await trx.insertInto("visits").values(costs.visits).execute();
      if (costs.quotes.length) await trx.insertInto("quotes").values(costs.quotes).execute();
    });
    visitCount += costs.visits.length;
    costLines += costs.lines.length;
  }
  if (dialect === "postgres") {
    // Explicit ids were inserted: move the identity sequences past them.
    for (const table of ["orders", "order_items", "purchase_orders"]) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    }
    await sql`analyze`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
  await handle.close();
  return {
    seconds: (performance.now() - started) / 1000,
    items: itemId,
    visits: visitCount,
    payments: paymentCount,
    costLines,
  };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

async function measure(url: string, cookie: string) {
  const options = { url, connections: CONNECTIONS, headers: { cookie } };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches, pools
  const times: number[] = [];
  const run = autocannon({ ...options, duration: DURATION });
  run.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  const result = await run;
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

const LAST_MONTH = previousMonth(storeToday());
const LAST_QUARTER = previousQuarter(storeToday());
/** The books' reports and CSVs have their own target: p95 under 200 ms. */
const REPORT_TARGET_MS = 200;
const REPORTS = [
  { label: "last month", period: LAST_MONTH },
  { label: "last quarter", period: LAST_QUARTER },
].flatMap(({ label, period }) => {
  const query = `from=${period.from}&to=${period.to}`;
  return [
    { name: `GET /api/admin/reports (${label})`, path: `/api/admin/reports?${query}` },
    { name: `  …/summary.csv (${label})`, path: `/api/admin/reports/summary.csv?${query}` },
    { name: `  …/payments.csv (${label})`, path: `/api/admin/reports/payments.csv?${query}` },
    { name: `  …/margin (${label})`, path: `/api/admin/reports/margin?${query}` },
  ].map((t) => ({ ...t, targetMs: REPORT_TARGET_MS }));
});
const TARGETS = [
  { name: "GET /api/admin/dashboard", path: "/api/admin/dashboard", targetMs: TARGET_MS },
  { name: "GET /api/admin/orders", path: "/api/admin/orders", targetMs: TARGET_MS },
  {
    name: "GET /api/admin/orders?status=scheduled",
    path: "/api/admin/orders?status=scheduled",
    targetMs: TARGET_MS,
  },
  ...REPORTS,
];

async function run(dialect: TestDialect, rows: string[][]) {
  const database = await createBenchDatabase(dialect, "admin");
  const url = database.url;
  try {
    const made = await generate(url, dialect);
    process.stdout.write(
      `${dialect}: ${ORDERS} orders, ${made.items} items, ${made.payments} payments, ${made.visits} visits, ${made.costLines} costed purchase-order lines written in ${made.seconds.toFixed(1)} s\n`,
    );
    const server = await spawnServer({
      script: "tests/support/api-server.ts",
      port: PORTS[dialect],
      // Start-up on a busy machine (migrations checked over 100,000 orders) can pass a minute.
      timeoutMs: 300_000,
      env: {
        DATA_DIR: database.dataDir,
        DATABASE_URL: url,
        ADMIN_PASSWORD: PASSWORD,
        ADMIN_EMAIL: EMAIL,
        LOG_LEVEL: "warn",
      },
    });
    try {
      const login = await fetch(`${server.url}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
      const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      const check = await fetch(`${server.url}/api/admin/dashboard`, { headers: { cookie } });
      const figures = (await check.json()) as { weeks: { orders: number }[] };
      process.stdout.write(
        `${dialect}: dashboard answers ${check.status}, ${figures.weeks.reduce((n, w) => n + w.orders, 0)} orders in its 12 weeks\n`,
      );
      const only = process.env.BENCH_ONLY ?? "";
      for (const target of TARGETS.filter((t) => t.name.includes(only) || t.path.includes(only))) {
        const r = await measure(`${server.url}${target.path}`, cookie);
        rows.push([
          dialect,
          target.name,
          r.rps.toFixed(0),
          r.p50.toFixed(1),
          r.p95.toFixed(1),
          r.p99.toFixed(1),
          String(r.bad),
          `${r.p95 < target.targetMs && r.bad === 0 ? "✓" : "✗"} (< ${target.targetMs} ms)`,
        ]);
      }
    } finally {
      await server.kill("SIGTERM");
    }
  } finally {
    await database.drop();
  }
}

async function main() {
  const dialects: TestDialect[] = process.env.TEST_DATABASE_URL
    ? ["sqlite", "postgres"]
    : ["sqlite"];
  const rows: string[][] = [];
  for (const dialect of dialects) await run(dialect, rows);
  printTable(
    ["database", "request", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "p95 target"],
    rows,
  );
  process.stdout.write(
    `\n${ORDERS} orders, ${CONNECTIONS} connections, ${DURATION} s per request, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}\n`,
  );
  process.exitCode = rows.every((r) => r[7]?.startsWith("✓")) ? 0 : 1;
}

if (process.argv[1]?.endsWith("admin.ts")) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
    process.exit(1);
  });
}
