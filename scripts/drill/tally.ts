/**
 * What the drill counts after the load (decision 542): acknowledged orders and bookings against
 * the database, and every queued email and text against the files the worker wrote (.eml in its
 * DATA_DIR/outbox, .txt in DATA_DIR/texts), message by message.
 */
import fs from "node:fs";
import type { Db } from "../../server/db/database";
import { filesIn } from "../../tests/support/outbox-files";
import type { Sample, Session } from "./load";

/** An .eml file's To and Subject, unfolded, with RFC 2047 encoded words decoded. */
function emlKey(file: string): string {
  const head = fs.readFileSync(file, "utf8").split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
  const decoded = header("Subject")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9a-f]{2})/gi, (__, h: string) =>
                String.fromCharCode(Number.parseInt(h, 16)),
              ),
            "latin1",
          ).toString("utf8"),
    );
  const to = /[^\s<>"]+@[^\s<>"]+/.exec(header("To"))?.[0]?.toLowerCase() ?? header("To");
  return `${to} | ${decoded}`;
}

function textKey(file: string): string {
  const [head = "", ...body] = fs.readFileSync(file, "utf8").split("\n\n");
  return `${head.replace(/^To:\s*/, "").trim()} | ${body.join("\n\n").trim()}`;
}

function count(keys: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const key of keys) map.set(key, (map.get(key) ?? 0) + 1);
  return map;
}

/** Each queued message against the files sent: once, twice or more, never. */
function perMessage(queued: string[], sent: string[]) {
  const want = count(queued);
  const got = count(sent);
  let once = 0;
  let twice = 0;
  let missing = 0;
  for (const [key, n] of want) {
    const m = got.get(key) ?? 0;
    if (m === n) once += n;
    else if (m > n) {
      once += n;
      twice += m - n;
    } else {
      once += m;
      missing += n - m;
    }
  }
  const strays = [...got].filter(([key]) => !want.has(key)).reduce((s, [, n]) => s + n, 0);
  return { queued: queued.length, once, twice: twice + strays, missing };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function tally(options: {
  db: Db;
  sessions: Session[];
  samples: Sample[];
  dataDirs: string[];
  killAtMs: number;
  backAtMs: number;
}) {
  const { db, sessions } = options;
  const orders = await db
    .selectFrom("orders")
    .select(["reference", "email"])
    .where("email", "like", "drill.customer%")
    .execute();
  const visits = await db
    .selectFrom("visits")
    .select(["reference", "email"])
    .where("email", "like", "drill.customer%")
    .execute();
  const orderRefs = count(orders.map((o) => o.reference));
  const visitRefs = count(visits.map((v) => v.reference ?? ""));
  const acked = sessions.filter((s) => s.reference);
  const ackedOrders = acked.filter((s) => s.kind === "order");
  const ackedBookings = acked.filter((s) => s.kind === "booking");
  const found = (s: Session) =>
    ((s.kind === "order" ? orderRefs : visitRefs).get(s.reference ?? "") ?? 0) === 1;
  const perEmail = count([
    ...orders.map((o) => `order ${o.email}`),
    ...visits.map((v) => `visit ${v.email}`),
  ]);

  const emails = await db
    .selectFrom("email_outbox")
    .select(["to_address", "subject", "sent_at"])
    .execute();
  const texts = await db
    .selectFrom("text_outbox")
    .select(["to_e164", "to_phone", "body", "status"])
    .execute();
  const emailFiles = filesIn(options.dataDirs, "outbox", ".eml").map(emlKey);
  const textFiles = filesIn(options.dataDirs, "texts", ".txt").map(textKey);

  const served = (s: Session) => new Set(s.servedBy).size;
  const during = options.samples.filter(
    (x) => x.startedMs >= options.killAtMs && x.startedMs < options.backAtMs,
  );
  const outside = options.samples.filter(
    (x) => x.startedMs < options.killAtMs || x.startedMs >= options.backAtMs,
  );
  return {
    sessions: sessions.length,
    ordersAcknowledged: ackedOrders.length,
    ordersFound: ackedOrders.filter(found).length,
    ordersInDatabase: orders.length,
    bookingsAcknowledged: ackedBookings.length,
    bookingsFound: ackedBookings.filter(found).length,
    bookingsInDatabase: visits.length,
    // Placed on a host that died before answering: the shopper was not told, nothing is lost.
    inDatabaseUnacknowledged: orders.length + visits.length - acked.filter(found).length,
    lost: acked.filter((s) => !found(s)).map((s) => `${s.kind} ${s.reference}`),
    duplicates: [...perEmail].filter(([, n]) => n > 1).map(([key, n]) => `${key} ×${n}`),
    sessionsContinued: acked.filter((s) => served(s) > 1).length,
    // Begun on app1 before it was killed, acknowledged after, by app2.
    sessionsAcrossTheKill: acked.filter(
      (s) =>
        s.servedBy.includes("app1") &&
        s.startedMs < options.killAtMs &&
        s.endedMs > options.killAtMs &&
        s.servedBy.at(-1) === "app2",
    ).length,
    sessionsFailed: sessions.filter((s) => !s.reference).map((s) => s.failedWith ?? "no answer"),
    emails: {
      unsent: emails.filter((e) => e.sent_at === null).length,
      ...perMessage(
        emails.map((e) => `${e.to_address.toLowerCase()} | ${e.subject}`),
        emailFiles,
      ),
    },
    texts: {
      unsent: texts.filter((t) => t.status !== "sent").length,
      ...perMessage(
        texts.map((t) => `${t.to_e164 ?? t.to_phone} | ${t.body}`),
        textFiles,
      ),
    },
    requests: options.samples.length,
    errorAnswers: Object.fromEntries(
      [...count(options.samples.map((x) => x.status).filter((x) => !/^[234]/.test(x)))].sort(),
    ),
    p99MsWhileDown: Math.round(
      percentile(
        during.map((x) => x.durationMs),
        99,
      ),
    ),
    p99MsOtherwise: Math.round(
      percentile(
        outside.map((x) => x.durationMs),
        99,
      ),
    ),
  };
}

export type Tally = Awaited<ReturnType<typeof tally>>;

/** What makes the drill fail: any loss or duplicate, a message sent twice or never. */
export function problems(t: Tally): string[] {
  const list: string[] = [];
  if (t.lost.length) list.push(`lost: ${t.lost.join(", ")}`);
  if (t.duplicates.length) list.push(`duplicates: ${t.duplicates.join(", ")}`);
  for (const kind of ["emails", "texts"] as const) {
    const m = t[kind];
    if (m.unsent || m.missing)
      list.push(`${kind}: ${m.unsent} unsent, ${m.missing} without a file`);
    if (m.twice) list.push(`${kind}: ${m.twice} sent more than once`);
  }
  if (t.ordersAcknowledged === 0) list.push("no order was acknowledged: the load did not run");
  return list;
}
