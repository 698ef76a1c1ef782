/**
 * `npm start` builds first when no build exists, or when the sources changed since the build
 * (README: two commands on a fresh clone; a `git pull` never serves a stale build).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { HASH_FILE, sourceHash } from "./source-hash";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const hashFile = path.join(buildDir, HASH_FILE);
const built = fs.existsSync(path.join(buildDir, "server", "index.js"));
const current = sourceHash();
const stale = built && (!fs.existsSync(hashFile) || fs.readFileSync(hashFile, "utf8") !== current);
if (!built || stale) {
  process.stdout.write(
    built
      ? "The sources changed since the last build: rebuilding (about a minute)…\n"
      : "No build found: building the store (about a minute)…\n",
  );
  execSync("npm run build", { stdio: "inherit" });
}
