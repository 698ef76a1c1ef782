/**
 * What every service factory receives. In its own file so that services depend
 * on this shape, not on server/context.ts, which builds them: no import circle.
 */
import type { Config } from "../config";
import type { Db, Dialect } from "../db/database";
import type { Logger } from "../logger";
import type { RateLimiters } from "../rate-limits";
import type { Caches } from "./caching";
import type { EmailDispatcher } from "./platform/email-dispatcher";
import type { CatalogService } from "./storefront/catalog";

export interface ServiceDeps {
  db: Db;
  dialect: Dialect;
  config: Config;
  logger: Logger;
  catalog: CatalogService;
  emails: EmailDispatcher;
  /** Made at the edge (server/rate-limits.ts); services only count with them. */
  limits: RateLimiters;
  /**
   * Where answers are kept between requests (server/services/caching.ts, docs/caching.md); CACHES=off
   * makes every one a plain computation. No service keeps the database's data in memory any
   * other way.
   */
  caches: Caches;
}

/** A use case with the service's dependencies given: what a service factory hands out. */
export function withDeps<D, A extends unknown[], R>(
  deps: D,
  useCase: (deps: D, ...args: A) => R,
): (...args: A) => R {
  return (...args) => useCase(deps, ...args);
}
