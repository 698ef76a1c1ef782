/**
 * An in-process store for API and service tests: migrated, seeded database; every service;
 * the Hono app without the page build; emails captured in memory; logs captured as lines.
 */
import path from "node:path";
import { createApp } from "../../server/app";
import { bootstrap } from "../../server/bootstrap";
import { type Config, loadConfig } from "../../server/config";
import { createMailer, type EmailMessage, type Mailer } from "../../server/email/mailer";
import { createLogger } from "../../server/logger";
import { createTestDatabase, type TestDialect } from "./test-database";

export interface TestStore {
  app: ReturnType<typeof createApp>;
  services: Awaited<ReturnType<typeof bootstrap>>["services"];
  config: Config;
  sentEmails: EmailMessage[];
  logLines: string[];
  close(): Promise<void>;
}

/** A fresh database and the store's config over it (DATA_DIR, the owner's password, `env`). */
async function testDatabaseAndConfig(dialect: TestDialect, env: Record<string, string>) {
  const database = await createTestDatabase(dialect);
  const config: Config = {
    // CACHES=off runs the suites with nothing kept (.ci/run); a test of a cache sets it "on".
    ...loadConfig({
      CACHES: process.env.CACHES,
      DATA_DIR: database.dataDir,
      ADMIN_PASSWORD: "test-admin-password",
      ...env,
    }),
    database: database.config,
  };
  return { database, config };
}

export async function createTestStore(
  dialect: TestDialect,
  env: Record<string, string> = {},
): Promise<TestStore> {
  const { database, config } = await testDatabaseAndConfig(dialect, env);
  const logLines: string[] = [];
  const logger = createLogger("info", {}, (line) => logLines.push(line));
  const sentEmails: EmailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      sentEmails.push(message);
    },
    close() {},
  };
  const { services, close } = await bootstrap(config, logger, { mailer });
  await services.admin.ensurePassword();
  const app = createApp({ services });
  return {
    app,
    services,
    config,
    sentEmails,
    logLines,
    async close() {
      await close();
      await database.drop();
    },
  };
}

/**
 * An in-process store that sends through the real mailer: over SMTP when `env` has SMTP_URL,
 * else as .eml files in `outboxDir` (DATA_DIR/outbox). `flush` sends what is due now.
 */
export async function createMailingStore(
  dialect: TestDialect,
  env: Record<string, string>,
  from: string,
) {
  const { database, config } = await testDatabaseAndConfig(dialect, env);
  const logger = createLogger("silent");
  const outboxDir = path.join(database.dataDir, "outbox");
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir, from, logger });
  const boot = await bootstrap(config, logger, { mailer });
  return {
    app: createApp({ services: boot.services }),
    db: boot.services.db,
    outboxDir,
    flush: () => boot.services.emails.flush(),
    close: async () => {
      await boot.close();
      await database.drop();
    },
  };
}

/** JSON request helper: `await json(app, "POST", "/api/cart", body, headers)`. */
export async function request(
  store: Pick<TestStore, "app">,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] ??= "application/json";
  }
  const res = await store.app.request(path, init);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
