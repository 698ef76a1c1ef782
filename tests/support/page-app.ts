/**
 * An in-process store WITH the pages: the same services as test-app.ts, and the Hono app built
 * with the React Router server build loaded through Vite (no `react-router build` needed), so
 * integration tests reach page loaders and actions exactly as a browser does.
 */
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/app";
import { loadPageBuild } from "./page-build";
import { createTestStore, type TestStore } from "./test-app";
import type { TestDialect } from "./test-database";

export interface PageTestStore extends TestStore {
  build: ServerBuild;
}

let shared: Promise<{ build: ServerBuild; close(): Promise<void> }> | undefined;
let users = 0;

/** The React Router server build, compiled by Vite once per test file. */
async function loadServerBuild(): Promise<{ build: ServerBuild; release(): Promise<void> }> {
  shared ??= loadPageBuild();
  users++;
  const { build } = await shared;
  return {
    build,
    async release() {
      if (--users === 0) {
        const closing = shared;
        shared = undefined;
        await (await closing)?.close();
      }
    },
  };
}

export async function createPageTestStore(
  dialect: TestDialect,
  env: Record<string, string> = {},
): Promise<PageTestStore> {
  const store = await createTestStore(dialect, env);
  const { build, release } = await loadServerBuild();
  const app = createApp({ services: store.services, build });
  return {
    ...store,
    app,
    build,
    async close() {
      await store.close();
      await release();
    },
  };
}

/** Every page route that has an action, with its URL pattern (e.g. "/admin/orders/:orderId"). */
export function pageActionRoutes(build: ServerBuild): { id: string; path: string }[] {
  return pageRoutes(build).filter((r) => Boolean(build.routes[r.id]?.module.action));
}

/** Every page route of the build (app/routes.ts), with its full URL pattern. */
export function pageRoutes(build: ServerBuild): { id: string; path: string }[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    const own = route.path ?? "";
    return own ? `${parent.replace(/\/$/, "")}/${own}` : parent || "/";
  };
  return Object.values(routes)
    .filter((r): r is NonNullable<typeof r> => Boolean(r))
    .map((r) => ({ id: r.id, path: fullPath(r.id) }));
}
