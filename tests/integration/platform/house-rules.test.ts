/**
 * The house's measurable rules (docs/architecture.md "House rules"), read from the source as a
 * reviewer would: no comment points outside the repository, decisions are cited sparingly, casts
 * stay rare, no closure grows past what a reader can open at once, and the README stays a map.
 * The TypeScript compiler's own parser finds casts and functions (no regular expression guessing
 * at syntax).
 */
import { readdirSync, readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** The source files under these folders (read from disk: CI's Node 24 copy has no .git). */
const sourceFiles = (...paths: string[]) =>
  paths.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .map((f) => `${dir}/${f}`)
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.includes("/+types/")),
  );

/** Shipped source: the app, the server and the domain, without tests and migrations. */
const source = sourceFiles("app", "server", "domain").filter(
  (f) => !/\.test\.tsx?$/.test(f) && !f.includes("/migrations/"),
);

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

const isAsConst = (node: ts.AsExpression | ts.TypeAssertion) =>
  ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === "const";

describe("house rules", () => {
  it("no comment or test points to a file outside the repository or to an issue number", () => {
    const outside = /DECISIONS\.md|SPEC\.md|\b[Ii]ssue[- ]\d+/;
    const hits = sourceFiles("app", "server", "domain", "tests", "scripts", "bench").flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .flatMap((line, i) => (outside.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it("cites decisions fewer than 150 times in shipped source", () => {
    const cite = /\bdecisions? \d{3}/gi;
    const count = source.reduce(
      (n, f) => n + (readFileSync(f, "utf8").match(cite)?.length ?? 0),
      0,
    );
    expect(count).toBeLessThan(150);
  });

  it("keeps `as` casts (not `as const`) under 40 in shipped source", () => {
    const casts: string[] = [];
    for (const f of source) {
      const file = parse(f);
      walk(file, (node) => {
        if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isAsConst(node)) {
          casts.push(`${f}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        }
      });
    }
    expect(casts.length, casts.join("\n")).toBeLessThan(40);
  });

  it("has no function or closure over 250 lines", () => {
    const long: string[] = [];
    for (const f of source) {
      const file = parse(f);
      walk(file, (node) => {
        if (
          ts.isFunctionDeclaration(node) ||
          ts.isFunctionExpression(node) ||
          ts.isArrowFunction(node) ||
          ts.isMethodDeclaration(node)
        ) {
          const first = file.getLineAndCharacterOfPosition(node.getStart()).line;
          const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
          if (last - first + 1 > 250) long.push(`${f}:${first + 1} (${last - first + 1} lines)`);
        }
      });
    }
    expect(long).toEqual([]);
  });

  it("keeps the README a map: under 150 lines", () => {
    expect(readFileSync("README.md", "utf8").split("\n").length).toBeLessThan(150);
  });
});
