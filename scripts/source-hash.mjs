/**
 * A hash of everything the build is made from (the React Router app, the compiled server and
 * what they import), stored beside the build, so that `npm start` rebuilds after an update
 * instead of serving a stale build. Plain JavaScript: `npm start` runs it on node alone.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const INPUTS = [
  "app",
  "domain",
  "server",
  "public",
  "scripts",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
];

/** @param {string} entry @returns {Generator<string>} */
function* files(entry) {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** @param {string} [root] @returns {string} */
export function sourceHash(root = process.cwd()) {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(path.relative(root, file));
      hash.update("\0");
      hash.update(fs.readFileSync(file));
      hash.update("\0");
    }
  }
  return hash.digest("hex");
}

export const HASH_FILE = ".source-hash";
