/**
 * Decision 361: each new cart and each contact message is one transaction (the per-address
 * count, the rows, the queued emails), so on SQLite concurrent requests share the group
 * commit's fsync'd COMMITs and nobody is answered before their rows are on disk,
 * as another connection on the file sees them. On PostgreSQL (its own COMMIT per transaction)
 * the same requests keep their limit exactly.
 */
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGES_PER_HOUR } from "../../../server/rate-limits";
import { SAMPLE_CONTACT_MESSAGE, SAMPLE_ITEM } from "../../support/sample-items";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const N = 8;
const from = (i: number) => ({ "x-forwarded-for": `10.9.0.${i + 1}` });
const contact = (i: number) => ({ ...SAMPLE_CONTACT_MESSAGE, email: `writer${i}@example.com` });

describe("SQLite: one transaction per write request, sharing COMMITs", () => {
  let store: TestStore;
  let other: SQLite.Database;
  /** The statements SQLite ran (lower case, in order) and the answers, in one order. */
  const log: string[] = [];
  type Run = (this: SQLite.Statement, ...args: unknown[]) => unknown;
  let proto: { run: Run; all: Run; get: Run };
  let saved: { run: Run; all: Run; get: Run };

  beforeAll(async () => {
    store = await createTestStore("sqlite", { TRUST_PROXY: "1" });
    const file = path.join(store.config.dataDir, "store.db");
    other = new SQLite(file, { readonly: true });
    // Every statement of the store's connection goes through these (better-sqlite3's class).
    proto = Object.getPrototypeOf(other.prepare("select 1"));
    saved = { run: proto.run, all: proto.all, get: proto.get };
    for (const name of ["run", "all", "get"] as const) {
      const original = saved[name];
      proto[name] = function (this: SQLite.Statement, ...args: unknown[]) {
        if (this.database !== other) log.push(this.source.trim().toLowerCase());
        return original.apply(this, args);
      };
    }
  });
  afterAll(async () => {
    if (proto) Object.assign(proto, saved);
    other?.close();
    await store?.close();
  });
  afterEach(() => {
    log.length = 0;
  });

  const commits = () => log.filter((s) => s === "commit").length;

  /**
   * One list of statements per transaction: a group's first runs from its BEGIN to the first
   * member's SAVEPOINT (or the COMMIT), each member from its SAVEPOINT to its RELEASE.
   * Statements outside every transaction are in none.
   */
  function transactions(): string[][] {
    const units: string[][] = [];
    let current: string[] | undefined;
    for (const s of log) {
      if (s.startsWith("begin") || s.startsWith("savepoint")) {
        if (current) units.push(current);
        current = [];
      } else if (s === "commit" || s.startsWith("release")) {
        if (current) units.push(current);
        current = undefined;
      } else current?.push(s);
    }
    return units;
  }

  it("contact: the count, the message and its emails in one transaction; fewer COMMITs than messages; each answered once on disk", async () => {
    const onDisk = other.prepare<[string], { n: number }>(
      "select count(*) as n from contact_messages where email = ?",
    );
    const seen: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        request(store, "POST", "/api/contact", contact(i), from(i)).then((res) => {
          // Another connection (another process) sees the row the moment the answer comes.
          seen.push(onDisk.get(contact(i).email)?.n ?? 0);
          log.push(`answered ${i}`);
          return res;
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(201));
    expect(seen).toEqual(Array(N).fill(1));
    // Every count of an address is written in the transaction that stores its message.
    const units = transactions();
    const limited = units.filter((u) => u.some((s) => s.includes('into "rate_limits"')));
    expect(limited).toHaveLength(N);
    for (const unit of limited) {
      expect(unit.some((s) => s.includes('into "contact_messages"'))).toBe(true);
    }
    // No rate_limits statement ran outside a transaction.
    const inside = units.flat().filter((s) => s.includes('into "rate_limits"')).length;
    expect(log.filter((s) => s.includes('into "rate_limits"'))).toHaveLength(inside);
    const firstAnswer = log.findIndex((s) => s.startsWith("answered"));
    expect(log.slice(0, firstAnswer)).toContain("commit");
    expect(commits()).toBeLessThan(N);
  });

  it("one contact message writes nothing outside its transaction (an autocommit is an fsync of its own)", async () => {
    const res = await request(store, "POST", "/api/contact", contact(100), from(100));
    expect(res.status).toBe(201);
    const writes = (list: string[]) =>
      list.filter((s) => /^(insert|update|delete)\b/.test(s) && !s.includes("email_outbox set"));
    const inside = writes(transactions().flat());
    // The count, the message, and its two emails in one insert.
    expect(inside.length).toBeGreaterThanOrEqual(3);
    expect(writes(log)).toHaveLength(inside.length);
    const outbox = inside.filter((s) => s.startsWith('insert into "email_outbox"'));
    expect(outbox).toHaveLength(1);
  });

  it("cart: N new carts at once share COMMITs; each answered with its cart on disk", async () => {
    const onDisk = other.prepare<[string], { n: number }>(
      "select count(*) as n from cart_items where cart_id = ?",
    );
    const seen: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        request(store, "POST", "/api/cart", SAMPLE_ITEM, from(i)).then((res) => {
          seen.push(onDisk.get(String(res.body.sessionId))?.n ?? 0);
          return res;
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(201));
    expect(seen).toEqual(Array(N).fill(1));
    const units = transactions().filter((u) => u.some((s) => s.includes('into "carts"')));
    expect(units).toHaveLength(N);
    for (const unit of units) expect(unit.some((s) => s.includes('into "rate_limits"'))).toBe(true);
    expect(commits()).toBeLessThan(N);
  });
});

describeEachDialect("contact messages per address, counted with the message on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect, { TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await store?.close();
  });

  it("keeps the limit exactly under concurrent messages from one address", async () => {
    const tries = CONTACT_MESSAGES_PER_HOUR + 3;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        request(store, "POST", "/api/contact", contact(200 + i), from(50)),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(CONTACT_MESSAGES_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const stored = await store.services.db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "like", "writer2%@example.com")
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(CONTACT_MESSAGES_PER_HOUR);
  });
});
