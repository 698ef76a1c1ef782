/**
 * "The catalog changed": one signal every store process hears within a second of a change
 * made through any of them.
 *
 * - changed(): call after the transaction that edited products, colours, fabrics or services
 *   has committed. It bumps the version the database keeps (and, on PostgreSQL, NOTIFYs
 *   CATALOG_CHANNEL in the same statement's transaction) and tells this process's listeners at
 *   once.
 * - PostgreSQL: a dedicated connection LISTENs (never a pooled one: a pool would hand it back,
 *   and PgBouncer in transaction mode cannot keep a LISTEN). When it drops it reconnects by
 *   itself with backoff, and tells the listeners once it is back, since notifications sent
 *   while it was away are lost.
 * - SQLite: the version is read every POLL_MS (one indexed single-row read, 4 per second).
 * - subscribe(listener): the catalog cache, and the page cache, follow this signal.
 */
import type pg from "pg";
import type { DatabaseConfig } from "../../config";
import type { Db } from "../../db/database";
import { loadPg } from "../../db/load-pg";
import {
  bumpCatalogVersion,
  CATALOG_CHANNEL,
  readCatalogVersion,
} from "../../db/repositories/storefront/catalog-version";
import type { Logger } from "../../logger";

export const POLL_MS = 250;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

export type CatalogListener = () => void;

export interface CatalogChanges {
  /** Record a committed catalog change and tell every store process. */
  changed(): Promise<void>;
  /** Called on every change, from this process or another; returns an unsubscribe. */
  subscribe(listener: CatalogListener): () => void;
  /** Begin listening (LISTEN on PostgreSQL, polling on SQLite). */
  start(): void;
  stop(): Promise<void>;
}

export function createCatalogChanges(deps: {
  db: Db;
  database: DatabaseConfig;
  logger: Logger;
  pollMs?: number;
}): CatalogChanges {
  const { db, database, logger } = deps;
  const listeners = new Set<CatalogListener>();
  let knownVersion: number | null = null;
  let stopped = true;
  let poller: NodeJS.Timeout | null = null;
  let listener: PgListener | null = null;

  function emit(reason: string): void {
    logger.debug("catalog changed", { reason });
    for (const l of listeners) {
      try {
        l();
      } catch (error) {
        logger.error("catalog listener failed", { error });
      }
    }
  }

  async function poll(): Promise<void> {
    try {
      const version = await readCatalogVersion(db);
      if (knownVersion !== null && version !== knownVersion) emit("version");
      knownVersion = version;
    } catch {
      // The database is away: the next tick tries again, and /healthz says so meanwhile.
    }
  }

  return {
    async changed() {
      knownVersion = await bumpCatalogVersion(db);
      emit("local");
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    start() {
      if (!stopped) return;
      stopped = false;
      if (database.dialect === "postgres") {
        listener = listenForChanges(database.connectionString, logger, emit);
        return;
      }
      void poll();
      const every = deps.pollMs ?? POLL_MS;
      const tick = () => {
        poller = setTimeout(async () => {
          await poll();
          if (!stopped) tick();
        }, every);
        poller.unref();
      };
      tick();
    },
    async stop() {
      stopped = true;
      if (poller) clearTimeout(poller);
      poller = null;
      await listener?.close();
      listener = null;
    },
  };
}

interface PgListener {
  close(): Promise<void>;
}

/** LISTEN on a connection of its own that comes back by itself. */
function listenForChanges(
  connectionString: string,
  logger: Logger,
  emit: (reason: string) => void,
): PgListener {
  let client: pg.Client | null = null;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(RECONNECT_MAX_MS, delay * 2);
  };

  async function connect(): Promise<void> {
    const c = new (loadPg().Client)({ connectionString, connectionTimeoutMillis: 5_000 });
    client = c;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      if (!closed) {
        logger.warn("catalog listener lost its connection; reconnecting", {
          error: error?.message,
        });
        c.end().catch(() => {});
        scheduleReconnect();
      }
    };
    c.on("error", onLost);
    c.on("end", () => onLost());
    c.on("notification", (message) => {
      if (message.channel === CATALOG_CHANNEL) emit("notify");
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CATALOG_CHANNEL}`);
      if (closed) {
        await c.end();
        return;
      }
      delay = RECONNECT_MIN_MS;
      // Changes made while we were not listening were not heard: treat the catalog as changed.
      emit("listening");
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
