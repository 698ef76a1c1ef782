/**
 * Decision 186: the house is drawn with no circle. Every static import among app, domain,
 * server and scripts (type-only imports too) is followed; a module that reaches itself again
 * fails this test with the modules of the circle.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findCycles, importGraph, importsOf } from "../../../scripts/check-import-cycles";

const ROOT = path.resolve(import.meta.dirname, "../../..");

describe("import circles", () => {
  it("finds a circle, a self-import and none in a line", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
      ["f.ts", ["d.ts"]],
    ]);
    expect(findCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
    expect(
      findCycles(
        new Map([
          ["x.ts", ["y.ts"]],
          ["y.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("reads imports, type imports and re-exports, not dynamic imports or packages", () => {
    const text = [
      'import { a } from "./a";',
      'import type { B } from "../b";',
      'export { c } from "./c";',
      'import { z } from "zod";',
      'const lazy = () => import("./lazy");',
    ].join("\n");
    expect(importsOf("x.ts", text)).toEqual(["./a", "../b", "./c"]);
  });

  it("no module of the store imports itself back", () => {
    const graph = importGraph(ROOT);
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("app/root.tsx")).toContain("app/components/header.tsx");
    expect(findCycles(graph)).toEqual([]);
  });
});
