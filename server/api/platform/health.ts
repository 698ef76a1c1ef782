/**
 * What a load balancer and a monitoring system ask a store process (decision 540): GET /livez
 * (the process answers; no dependency), GET /healthz (the database answers; unchanged), GET
 * /readyz (database, migrations, not draining) and GET /metrics (Prometheus text; loopback, or
 * a bearer METRICS_TOKEN). Every role serves these.
 */
import { timingSafeEqual } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import type { AppServices } from "../../context";
import { AppError } from "../../errors";
import type { SecurityEnv } from "../../middleware/security";

export const HEALTH_PATHS = ["/livez", "/healthz", "/readyz", "/metrics"] as const;

/** 127.0.0.0/8, ::1 and their IPv4-mapped spellings. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, "");
  return a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * The socket's peer is loopback and no proxy forwarded the request: a proxy on the same
 * machine (HAProxy, nginx) adds X-Forwarded-For, so what it passes on is not "from loopback".
 */
function fromLoopback(c: Context): boolean {
  if (c.req.header("x-forwarded-for") !== undefined || c.req.header("forwarded") !== undefined) {
    return false;
  }
  let remote: string | undefined;
  try {
    remote = getConnInfo(c).remote.address;
  } catch {
    // No socket (app.request() without an incoming message): not provably loopback.
    return false;
  }
  return isLoopbackAddress(remote);
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function healthRoutes(services: AppServices) {
  const app = new Hono<SecurityEnv>();

  app.get("/livez", (c) => c.json({ status: "ok" }));

  app.get("/healthz", async (c) => {
    try {
      await services.database.ping();
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "unavailable" }, 503);
    }
  });

  app.get("/readyz", async (c) => {
    const readiness = await services.readiness.check();
    if (readiness.ready) return c.json({ status: "ready" });
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        status: readiness.reason === "draining" ? "draining" : "unavailable",
        reason: readiness.reason,
        ...(readiness.pending ? { pending: readiness.pending } : {}),
      },
      503,
    );
  });

  app.get("/metrics", async (c) => {
    const token = services.config.metricsToken;
    if (!fromLoopback(c)) {
      // Unset: /metrics does not exist beyond loopback (nothing to guess a token for).
      if (!token) throw new AppError("not_found", "No such page.");
      const header = c.req.header("authorization") ?? "";
      const given = /^Bearer (\S+)$/i.exec(header.trim())?.[1];
      if (!given || !sameToken(given, token)) {
        throw new AppError("unauthorized", "The metrics need Authorization: Bearer <token>.", {
          headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
        });
      }
    }
    const { contentType, body } = await services.metrics.text();
    return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });

  return app;
}
