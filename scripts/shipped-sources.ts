// The TypeScript files that ship below some folders: tests (*.test.ts, tests/), migrations
// (landed, never edited), benches and declaration files left out. Read by the counting scripts.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const SKIPPED = [
  /\.test\.tsx?$/,
  /^server\/db\/migrations\//,
  /^tests\//,
  /^bench\//,
  /\.d\.m?ts$/,
];

export function shippedSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return shippedSources(full);
    return /\.tsx?$/.test(name) && !SKIPPED.some((re) => re.test(full)) ? [full] : [];
  });
}
