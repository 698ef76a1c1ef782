/**
 * Everything a shopper or the owner reads is American English, and the
 * numbers in words follow the rules they describe.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVICE_SEEDS } from "../storefront/catalog";
import { DEFAULT_BUSINESS } from "./business";
import { TRACK_WIDTH } from "./dimensions";

const ROOT = path.resolve(__dirname, "../..");
const SOURCES = ["app", "domain", "server/email"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The code with comments removed: comments may cite British sources, the words may not. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
}

describe("words (the product rules 'Words')", () => {
  it("no British spelling in what the app, the domain or the emails say", () => {
    const hits: string[] = [];
    for (const file of SOURCES.flatMap((d) => sourceFiles(path.join(ROOT, d)))) {
      const code = withoutComments(fs.readFileSync(file, "utf8"));
      for (const m of code.matchAll(/\b(colours?|centre[sd]?|labour|behaviour|favourite)\b/gi)) {
        hits.push(`${path.relative(ROOT, file)}: ${m[0]}`);
      }
    }
    expect(hits).toEqual([]);
  });

  it("the track's 'up to N feet' matches the width limit", () => {
    const feet = TRACK_WIDTH.max / 12;
    expect(DEFAULT_BUSINESS.heavyDutyTrackFeet).toBe(feet);
    expect(SERVICE_SEEDS[0]?.description).toContain(
      `up to ${feet} feet (${TRACK_WIDTH.max} inches)`,
    );
  });
});
