/**
 * `npm run db:copy` refuses a --from that doesn't exist or holds
 * no store, with exit code 1, before touching PostgreSQL, and creates no file. The script runs
 * as a real process (no PostgreSQL needed: it stops before connecting).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "db-copy-source-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function copyFrom(from: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/db-copy.ts",
        "--to",
        "postgres://nobody@127.0.0.1:9/none",
        "--from",
        from,
      ],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dir } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

it("refuses a --from that does not exist (exit 1) and does not create it", {
  timeout: 60_000,
}, async () => {
  const missing = path.join(dir, "stor.db");
  const result = await copyFrom(missing);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("does not exist");
  expect(result.stdout).not.toContain("Verified");
  expect(fs.existsSync(missing)).toBe(false);
});

it("refuses an empty file and a file that is not a store (exit 1)", {
  timeout: 60_000,
}, async () => {
  const empty = path.join(dir, "empty.db");
  fs.writeFileSync(empty, "");
  const notAStore = path.join(dir, "notes.txt");
  fs.writeFileSync(notAStore, "not a database at all");
  for (const file of [empty, notAStore]) {
    const result = await copyFrom(file);
    expect(result.code, file).toBe(1);
    expect(result.stderr).toContain("holds no store");
    expect(result.stdout).not.toContain("Verified");
  }
  expect(fs.statSync(empty).size).toBe(0);
});
