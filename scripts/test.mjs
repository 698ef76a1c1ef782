/**
 * `npm test`: the unit and integration suites, then the end-to-end suite, always both (a unit
 * failure must not hide the e2e results). Exits non-zero when either part fails.
 */
import { spawnSync } from "node:child_process";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const parts = ["test:unit", "test:e2e"];
const failed = [];
for (const part of parts) {
  const run = spawnSync(npm, ["run", part], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (run.status !== 0) failed.push(`${part} (${run.status ?? run.signal})`);
}
if (failed.length > 0) {
  console.error(`npm test: failed: ${failed.join(", ")}`);
  process.exit(1);
}
