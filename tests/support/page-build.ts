/**
 * The React Router server build for in-process page tests, compiled on the fly by Vite from
 * app/ (no `npm run build` needed): createApp({ services, build }) then serves real pages
 * through app.request(), in production mode.
 *
 * React Router's Vite plugin starts its type generator whenever a dev server starts: it deletes
 * .react-router/types and writes it again. Two test workers starting a dev server at once raced
 * (one deleted the folder while the other wrote into it: ENOENT on +future.ts, an unhandled
 * rejection that failed a CI run). Starts are therefore taken one at a time across processes
 * (a lock folder made with mkdir, which is atomic), until the types are written again.
 */

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";

const root = process.cwd();
const lockDir = path.join(
  tmpdir(),
  `page-build-${createHash("sha256").update(root).digest("hex").slice(0, 12)}.lock`,
);
const typesWritten = path.join(root, ".react-router/types/+future.ts");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function waitFor(done: () => boolean, what: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`page build: gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function tryLock(): boolean {
  try {
    mkdirSync(lockDir);
    writeFileSync(path.join(lockDir, "pid"), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // A holder that died (kill -9, a crashed worker) leaves the folder: take it over.
    let holder = 0;
    try {
      holder = Number(readFileSync(path.join(lockDir, "pid"), "utf8"));
    } catch {
      return false; // made, its pid not written yet
    }
    if (holder && !alive(holder)) rmSync(lockDir, { recursive: true, force: true });
    return false;
  }
}

export async function loadPageBuild(): Promise<{ build: ServerBuild; close(): Promise<void> }> {
  await waitFor(tryLock, "another test process's dev server to start");
  try {
    const vite = await createServer({
      // ws: false as well: hmr: false alone still opens the WebSocket server on port 24678, and
      // two test files (or a helper's dev server) at once made the second fail "already in use".
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      appType: "custom",
      logLevel: "error",
    });
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    await waitFor(() => existsSync(typesWritten), "React Router's generated types", 10_000);
    return { build, close: () => vite.close() };
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
