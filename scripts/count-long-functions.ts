// Lists every function, method and arrow body longer than a limit (250 lines by default) in the
// source that ships, read with the TypeScript parser. A function's length is the lines its body
// spans, nested functions included.
// Left out: tests (*.test.ts, tests/), migrations (landed, never edited) and benches.
// Usage: npx tsx scripts/count-long-functions.ts [--limit N] [--top N]
import { readFileSync } from "node:fs";
import ts from "typescript";
import { shippedSources } from "./shipped-sources";

const roots = ["domain", "server", "app"];

function nameOf(node: ts.SignatureDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

export type LongFunction = { file: string; name: string; line: number; lines: number };

export function functionsIn(fileName: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    const body =
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
        ? node.body
        : undefined;
    if (body && ts.isFunctionLike(node)) {
      const start = source.getLineAndCharacterOfPosition(body.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(body.getEnd()).line;
      found.push({
        file: fileName,
        name: nameOf(node),
        line: start + 1,
        lines: end - start + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : Number.NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const limit = option("--limit", 250);
const all = roots
  .flatMap(shippedSources)
  .flatMap((file) => functionsIn(file, readFileSync(file, "utf8")))
  .sort((a, b) => b.lines - a.lines);
const long = all.filter((f) => f.lines > limit);
for (const f of long) console.log(`${f.lines}\t${f.file}:${f.line}  ${f.name}`);
const longest = all[0];
console.log(
  `${long.length} function bodies over ${limit} lines in ${roots.join(", ")} (tests, migrations and benches excluded); longest ${longest ? `${longest.lines} (${longest.name}, ${longest.file})` : "none"}`,
);
