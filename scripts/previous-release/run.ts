/**
 * `npm run test:previous-release` (decision 541): the previous release's storefront and orders
 * API suites, its own code and tests unchanged, on databases migrated by THIS release's
 * migrations, on SQLite and (when TEST_DATABASE_URL answers) PostgreSQL. It proves the
 * expand-then-contract rule: during a rolling deploy the old release keeps working on the new
 * schema. Exit code: the suite's.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The release before this one: main as it last landed (CI green on 2026-12-03, migrations up to
 * 0030). Move it on to the last landed commit when a release lands (decision 541).
 */
const PREVIOUS_RELEASE = "5c2335263947355658a8ec6667924c7f59279427";
/**
 * The API and service suites of the business areas. Left out: the page-rendering files (they test
 * the pages rather than the API), platform (this checkout's own machinery) and people (five
 * minutes of password hashing on two cores for tables no migration since 0021 has touched).
 */
const SUITES = [
  "storefront",
  "orders",
  "scheduling",
  "sales",
  "purchasing",
  "requests",
  "account",
  "books",
].map((area) => `tests/integration/${area}`);
const LEFT_OUT = ["**/*-pages.test.ts", "**/*-page.test.ts", "**/*-page-*.test.ts"];

const here = path.resolve(import.meta.dirname, "../..");
const git = (...args: string[]) => execFileSync("git", args, { cwd: here, encoding: "utf8" });

function checkout(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "previous-release-"));
  const archive = execFileSync("git", ["archive", PREVIOUS_RELEASE], {
    cwd: here,
    maxBuffer: 1 << 30,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  fs.symlinkSync(path.join(here, "node_modules"), path.join(dir, "node_modules"));
  const setup = path.join(here, "scripts/previous-release/this-release-schema.ts");
  fs.writeFileSync(
    path.join(dir, "vitest.previous-release.config.ts"),
    `import { mergeConfig } from "vitest/config";
import base from "./vitest.config";
export default mergeConfig(base, { test: { setupFiles: [${JSON.stringify(setup)}] } });
`,
  );
  return dir;
}

try {
  git("cat-file", "-e", `${PREVIOUS_RELEASE}^{commit}`);
} catch {
  console.error(`commit ${PREVIOUS_RELEASE} is not in this clone: fetch its history first`);
  process.exit(2);
}
const newer = git("diff", "--name-only", PREVIOUS_RELEASE, "HEAD", "--", "server/db/migrations")
  .split("\n")
  .filter(Boolean);
console.log(`previous release ${PREVIOUS_RELEASE.slice(0, 7)}; this release's newer migrations:`);
for (const name of newer) console.log(`  ${name}`);

const report = process.env.PREVIOUS_RELEASE_REPORT
  ? path.resolve(process.env.PREVIOUS_RELEASE_REPORT)
  : undefined;
const dir = checkout();
const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true });
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});
const run = spawnSync(
  "npx",
  [
    "vitest",
    "run",
    "--config",
    "vitest.previous-release.config.ts",
    ...LEFT_OUT.flatMap((glob) => ["--exclude", glob]),
    // CI counts this run: PREVIOUS_RELEASE_REPORT names the JSON report to write.
    ...(report ? ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`] : []),
    // Files named on the command line (npm run test:previous-release -- <files>) instead.
    ...(process.argv.length > 2 ? process.argv.slice(2) : SUITES),
  ],
  { cwd: dir, stdio: "inherit", env: { ...process.env, PREVIOUS_RELEASE_DIR: dir } },
);
cleanUp();
process.exit(run.status ?? 1);
