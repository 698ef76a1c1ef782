/**
 * A hash of everything the React Router build is made from, stored beside the build, so that
 * `npm start` rebuilds after an update instead of serving a stale build.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const INPUTS = [
  "app",
  "domain",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
];

function* files(entry: string): Generator<string> {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

export function sourceHash(root = process.cwd()): string {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      if (file.endsWith(".test.ts") || file.endsWith(".test.tsx")) continue;
      hash.update(path.relative(root, file));
      hash.update("\0");
      hash.update(fs.readFileSync(file));
      hash.update("\0");
    }
  }
  return hash.digest("hex");
}

export const HASH_FILE = ".source-hash";
