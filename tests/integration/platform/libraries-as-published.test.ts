/**
 * Libraries are used as published (STYLE.md): no module of the store assigns to a library's
 * prototype, reads a library's private symbols, or imports a package's internal files.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(relative);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield relative;
  }
}

const PATCHES: [string, RegExp][] = [
  ["assigns to a prototype", /\.prototype\.[\w$]+\s*=(?!=)|Reflect\.set\([^)]*prototype/],
  ["reads an object's private symbols", /getOwnPropertySymbols\(/],
  [
    "imports a package's internal files",
    /from "(?:@[\w.-]+\/)?[a-z][\w.-]*\/(?:lib|dist|internal)\//,
  ],
];

it("no module patches or reaches into a dependency", () => {
  const found: string[] = [];
  for (const dir of ["server", "app", "domain"]) {
    for (const file of sources(dir)) {
      const text = fs.readFileSync(path.join(ROOT, file), "utf8");
      for (const [what, pattern] of PATCHES) if (pattern.test(text)) found.push(`${file} ${what}`);
    }
  }
  expect(found).toEqual([]);
});
