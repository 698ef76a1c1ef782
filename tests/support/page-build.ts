/**
 * The React Router server build for in-process page tests, compiled on the fly by Vite from
 * app/ (no `npm run build` needed): createApp({ services, build }) then serves real pages
 * through app.request(), in production mode.
 */
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";

export async function loadPageBuild(): Promise<{ build: ServerBuild; close(): Promise<void> }> {
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return { build, close: () => vite.close() };
}
