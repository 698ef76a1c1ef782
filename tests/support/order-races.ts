/**
 * The three races on one order's money, each run as rounds of two writers at once
 * through the services (tests/integration/order-races.test.ts: 50 rounds on PostgreSQL;
 * bench/races.ts: 500). Each round answers whether its outcome is one a serial run could give:
 *
 * 1. cancel ‖ payment: never a cancelled order holding money;
 * 2. adjustment ‖ move to in_production: never an item re-priced on an order already in
 *    production (a trigger of the test's own counts every write of an order's totals that
 *    finds the order in production);
 * 3. two adjustments of different items: the order's totals are those of its items.
 */

import { sql } from "kysely";
import type { OrderStatus } from "../../domain/orders/order-status";
import { calculateCartTotals } from "../../domain/storefront/cart-totals";
import { priceItem } from "../../domain/storefront/pricing";
import type { Db } from "../../server/db/database";
import type { Actor } from "../../server/services/people/actor";
import { insertTestOrder } from "./admin-fixtures";
import type { TestStore } from "./test-app";

const OWNER: Actor = { label: "Race test", staffId: null, role: "owner" };

export type Race = "cancel-vs-payment" | "adjust-vs-production" | "two-adjustments";
export const RACES: readonly Race[] = [
  "cancel-vs-payment",
  "adjust-vs-production",
  "two-adjustments",
];

export interface RoundOutcome {
  wrong: boolean;
  /** What happened, for the report when wrong. */
  detail: string;
}

/**
 * The test's own witness of "totals written while in production": a trigger counting every
 * write of an order's total that finds the order already in production (both dialects).
 */
export async function installProductionWitness(
  db: Db,
  dialect: "sqlite" | "postgres",
): Promise<void> {
  await sql`create table if not exists race_witness (order_id bigint not null)`.execute(db);
  if (dialect === "sqlite") {
    await sql`create trigger if not exists race_witness_orders before update on orders
      when old.status = 'in_production' and new.total_cents <> old.total_cents
      begin insert into race_witness (order_id) values (new.id); end`.execute(db);
    return;
  }
  await sql`create or replace function race_witness_record() returns trigger language plpgsql as $$
    begin
      if old.status = 'in_production' and new.total_cents <> old.total_cents then
        insert into race_witness (order_id) values (new.id);
      end if;
      return new;
    end $$`.execute(db);
  await sql`drop trigger if exists race_witness_orders on orders`.execute(db);
  await sql`create trigger race_witness_orders before update on orders
    for each row execute function race_witness_record()`.execute(db);
}

async function witnessed(db: Db, orderId: number): Promise<boolean> {
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from race_witness where order_id = ${orderId}`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

const settled = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e as { code?: string }).code ?? String(e),
  );

/** Two vinyl items, each 36 3/8 × 48 at $124 with stored rates, so they can be re-priced. */
export async function orderWithTwoItems(store: TestStore, status: OrderStatus) {
  const ctx = await store.services.catalog.pricing();
  const product = ctx.products.find((p) => p.type === "vinyl");
  if (!product) throw new Error("no vinyl product in the catalog");
  const configuration = {
    productType: "vinyl",
    width: 36.375,
    height: 48,
    selectedColor: "white",
    includeInstallation: false,
  };
  const price = priceItem(ctx, {
    productId: product.id,
    configuration: { type: "blinds", ...configuration },
  } as never);
  if (!price) throw new Error("the vinyl test item has no price");
  const rates = price.rates;
  // Stored as the cart stores it: the size in the size columns only.
  const { width: _width, height: _height, ...options } = configuration;
  const item = {
    productId: product.id,
    unitPriceCents: price.unitCents,
    installationCents: 0,
    includeInstallation: false,
    configuration: options,
  };
  const order = await insertTestOrder(store.services.db, {
    status,
    items: [
      { ...item, roomLabel: "Kitchen" },
      { ...item, roomLabel: "Den" },
    ],
  });
  await store.services.db
    .updateTable("order_items")
    .set({ pricing: JSON.stringify(rates) })
    .where("order_id", "=", order.id)
    .execute();
  const items = await store.services.db
    .selectFrom("order_items")
    .select("id")
    .where("order_id", "=", order.id)
    .orderBy("position")
    .execute();
  return { ...order, itemIds: items.map((i) => Number(i.id)) };
}

export async function runRound(store: TestStore, race: Race, round: number): Promise<RoundOutcome> {
  const { services } = store;
  const db = services.db;
  if (race === "cancel-vs-payment") {
    const order = await insertTestOrder(db, { status: "confirmed" });
    const [paid, cancelled] = await Promise.all([
      settled(
        services.payments.recordPayment(
          order.id,
          { amount: 25, method: "cash", reference: null, note: null, emailReceipt: false },
          OWNER,
        ),
      ),
      settled(
        services.admin.changeOrderStatus(
          order.id,
          { status: "cancelled", note: "race", notifyCustomer: false },
          OWNER,
        ),
      ),
    ]);
    const row = await db
      .selectFrom("orders")
      .select(["status", "paid_cents"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    const wrong = row.status === "cancelled" && Number(row.paid_cents) > 0;
    return {
      wrong,
      detail: `payment ${paid}, cancel ${cancelled}, ${row.status} holding ${row.paid_cents}`,
    };
  }
  if (race === "adjust-vs-production") {
    const order = await orderWithTwoItems(store, "measured");
    const [adjusted, moved] = await Promise.all([
      settled(
        services.adjustments.adjustItem(
          order.id,
          order.itemIds[0] as number,
          { width: 40 + (round % 20), reason: "race", notifyCustomer: false },
          OWNER,
        ),
      ),
      settled(
        services.admin.changeOrderStatus(
          order.id,
          { status: "in_production", note: null, notifyCustomer: false },
          OWNER,
        ),
      ),
    ]);
    const wrong = await witnessed(db, order.id);
    return { wrong, detail: `adjustment ${adjusted}, in_production ${moved}` };
  }
  const order = await orderWithTwoItems(store, "measured");
  const [a, b] = await Promise.all(
    order.itemIds.map((itemId, k) =>
      settled(
        services.adjustments.adjustItem(
          order.id,
          itemId,
          {
            width: 50 + k * 20 + (round % 10),
            quantity: 2 + k,
            reason: "race",
            notifyCustomer: false,
          },
          OWNER,
        ),
      ),
    ),
  );
  const items = await db
    .selectFrom("order_items")
    .select(["unit_price_cents", "quantity"])
    .where("order_id", "=", order.id)
    .execute();
  const expected = calculateCartTotals(
    items.map((i) => ({
      unitPriceCents: Number(i.unit_price_cents),
      quantity: Number(i.quantity),
    })),
    store.config.business,
  );
  const row = await db
    .selectFrom("orders")
    .select(["total_cents", "subtotal_cents"])
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  const wrong = Number(row.total_cents) !== expected.totalCents;
  return {
    wrong,
    detail: `adjustments ${a}/${b}; total ${row.total_cents}, items say ${expected.totalCents}`,
  };
}

/** Runs `rounds` rounds of one race; answers how many were wrong and the first wrong ones. */
export async function runRace(
  store: TestStore,
  race: Race,
  rounds: number,
): Promise<{ wrong: number; examples: string[] }> {
  let wrong = 0;
  const examples: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const outcome = await runRound(store, race, round);
    if (outcome.wrong) {
      wrong++;
      if (examples.length < 3) examples.push(outcome.detail);
    }
  }
  return { wrong, examples };
}
