/**
 * Configuration contract: every variable optional, parsed and
 * validated at start-up; a bad value stops start-up with a message naming the variable.
 */
import path from "node:path";
import { z } from "zod";
import { type BusinessFacts, DEFAULT_BUSINESS } from "../domain/shared/business";
import type { TwilioConfig } from "./texts/text-sender";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  ADMIN_EMAIL: z.email("must be an email address").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  STORE_EMAIL: z.email().optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|yes|no|[0-9]|[1-9][0-9])$/, "must be true, false or a number of proxies")
    .transform((v) =>
      v === "true" || v === "yes" ? 1 : v === "false" || v === "no" ? 0 : Number(v),
    )
    .default(0),
  BUSINESS_NAME: z.string().min(1).max(120).optional(),
  BUSINESS_PHONE: z
    .string()
    .regex(/^[0-9()+\-. ]{7,25}$/, "must be a phone number such as (239) 555-0142")
    .optional(),
  BUSINESS_EMAIL: z.email().optional(),
  BUSINESS_LICENSE: z.string().min(1).max(200).optional(),
  SALES_TAX_PERCENT: z.coerce
    .number("must be a percentage such as 6.5")
    .min(0, "must be 0 or more")
    .max(20, "must be 20 or less")
    .refine((v) => Number.isInteger(Math.round(v * 1e6) / 1e4), "may have at most 2 decimals")
    .optional(),
  SURTAX_PERCENT: z.coerce
    .number("must be a percentage such as 0.5")
    .min(0, "must be 0 or more")
    .max(5, "must be 5 or less")
    .refine((v) => Number.isInteger(Math.round(v * 1e6) / 1e4), "may have at most 2 decimals")
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  BUILD_DIR: z.string().min(1).default("build"),
  LOG_FILE: z.string().min(1).optional(),
  WORKERS: z.coerce.number().int().min(1, "must be 1 or more").max(64).default(1),
  CACHES: z
    .enum(["on", "off"], { error: "must be on or off (off: every answer computed anew)" })
    .default("on"),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio account SID (AC followed by 32 hex digits)")
    .optional(),
  TWILIO_AUTH_TOKEN: z
    .string()
    .regex(/^[0-9a-zA-Z]{16,64}$/, "must be the account's auth token")
    .optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9][0-9]{6,14}|MG[0-9a-fA-F]{32})$/,
      "must be a phone number in E.164 form (+12395550142) or a messaging service SID",
    )
    .optional(),
  /** Where Twilio's API answers: only tests point it elsewhere. */
  TWILIO_BASE_URL: z.url().default("https://api.twilio.com"),
  ROLE: z
    .enum(["web", "worker", "all"], {
      error: "must be web (HTTP only), worker (the jobs) or all",
    })
    .default("all"),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/, "must be 16 to 200 printable characters without spaces")
    .optional(),
  DRAIN_SECONDS: z.coerce
    .number("must be a number of seconds such as 5")
    .int("must be a whole number of seconds")
    .min(0, "must be 0 or more")
    .max(300, "must be 300 or less")
    .default(5),
});

export type DatabaseConfig =
  | { dialect: "sqlite"; filename: string }
  | { dialect: "postgres"; connectionString: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  adminPassword: string | undefined;
  /** The first owner's login (ADMIN_EMAIL, default the business email), lower-cased. */
  adminEmail: string;
  smtpUrl: string | undefined;
  storeEmail: string;
  /** How many proxies in front of the store are trusted (TRUST_PROXY; true = 1, false = 0). */
  trustProxy: number;
  business: BusinessFacts;
  /** Absolute origin used for canonical URLs, sitemap and email links. */
  publicUrl: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  buildDir: string;
  /** Append log lines to this file instead of standard output. */
  logFile: string | undefined;
  /** Worker processes on this machine (node:cluster when more than 1). */
  workers: number;
  /** CACHES: keep answers between requests (docs/caching.md); false computes every one anew. */
  caches: boolean;
  /** Texts through Twilio (all three variables set), or files under DATA_DIR/texts. */
  twilio: TwilioConfig | undefined;
  /** ROLE: web serves HTTP and runs no jobs; worker runs the jobs and serves health and metrics. */
  role: "web" | "worker" | "all";
  /** METRICS_TOKEN: the bearer token that opens /metrics beyond loopback. */
  metricsToken: string | undefined;
  /** DRAIN_SECONDS: how long a SIGTERM'd process answers /readyz 503 before it stops. */
  drainSeconds: number;
}

export class ConfigError extends Error {}

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== "") out[k] = v;
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  let database: DatabaseConfig;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    database = { dialect: "postgres", connectionString: url };
  } else if (url && /^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_URL: must be postgres://… or a SQLite file path",
    );
  } else {
    const file = url ? url.replace(/^(sqlite|file):/, "") : path.join(dataDir, "store.db");
    database = { dialect: "sqlite", filename: file === ":memory:" ? file : path.resolve(file) };
  }
  const twilioSet = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter(Boolean);
  if (twilioSet.length !== 0 && twilioSet.length !== 3) {
    throw new ConfigError(
      "Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three for texts through Twilio, or none for text files under DATA_DIR/texts",
    );
  }
  const taxRate =
    e.SALES_TAX_PERCENT === undefined
      ? DEFAULT_BUSINESS.salesTaxBasisPoints
      : Math.round(e.SALES_TAX_PERCENT * 100);
  const surtaxRate =
    e.SURTAX_PERCENT === undefined
      ? Math.min(DEFAULT_BUSINESS.surtaxBasisPoints, taxRate)
      : Math.round(e.SURTAX_PERCENT * 100);
  if (surtaxRate > taxRate) {
    throw new ConfigError(
      "Invalid configuration:\n  SURTAX_PERCENT: must not exceed SALES_TAX_PERCENT (the surtax is part of the whole rate)",
    );
  }
  const business: BusinessFacts = {
    ...DEFAULT_BUSINESS,
    name: e.BUSINESS_NAME ?? DEFAULT_BUSINESS.name,
    phone: e.BUSINESS_PHONE ?? DEFAULT_BUSINESS.phone,
    email: e.BUSINESS_EMAIL ?? DEFAULT_BUSINESS.email,
    licenseLine: e.BUSINESS_LICENSE ?? DEFAULT_BUSINESS.licenseLine,
    salesTaxBasisPoints: taxRate,
    surtaxBasisPoints: surtaxRate,
  };
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${e.HOST === "0.0.0.0" ? "localhost" : e.HOST}:${e.PORT}`
  ).replace(/\/$/, "");
  business.siteUrl = publicUrl;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: (e.ADMIN_EMAIL ?? business.email).trim().toLowerCase(),
    smtpUrl: e.SMTP_URL,
    storeEmail: e.STORE_EMAIL ?? business.email,
    trustProxy: e.TRUST_PROXY,
    business,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    buildDir: path.resolve(e.BUILD_DIR),
    logFile: e.LOG_FILE ? path.resolve(e.LOG_FILE) : undefined,
    workers: e.WORKERS,
    caches: e.CACHES === "on",
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            baseUrl: e.TWILIO_BASE_URL,
          }
        : undefined,
    role: e.ROLE,
    metricsToken: e.METRICS_TOKEN,
    drainSeconds: e.DRAIN_SECONDS,
  };
}
