/**
 * npm start: builds first when no build exists or the sources changed since the build (README:
 * two commands on a fresh clone; a `git pull` never serves a stale build), then runs the
 * compiled server (BUILD_DIR/server/main.js) in this very process, on plain node: no
 * TypeScript compiler in the serving process.
 */
import { execSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { HASH_FILE, sourceHash } from "./source-hash.mjs";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const hashFile = path.join(buildDir, HASH_FILE);
const serverEntry = path.join(buildDir, "server", "main.js");
const built =
  fs.existsSync(path.join(buildDir, "server", "index.js")) && fs.existsSync(serverEntry);
// Workers forked by WORKERS=N run this file again: the primary has already checked the build.
const stale =
  cluster.isPrimary &&
  built &&
  (!fs.existsSync(hashFile) || fs.readFileSync(hashFile, "utf8") !== sourceHash());
if ((cluster.isPrimary && !built) || stale) {
  process.stdout.write(
    built
      ? "The sources changed since the last build: rebuilding (about a minute)…\n"
      : "No build found: building the store (about a minute)…\n",
  );
  execSync("npm run build", { stdio: "inherit" });
}
// React (an external package of the compiled server) picks its development or production build
// from NODE_ENV when it is first imported: unset, every page was rendered by React's development
// build, 4–7× slower per render.
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(serverEntry).href);
