/** `npm start` builds first when no build exists (README: two commands on a fresh clone). */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
  process.stdout.write("No build found: building the store (about a minute)…\n");
  execSync("npm run build", { stdio: "inherit" });
}
