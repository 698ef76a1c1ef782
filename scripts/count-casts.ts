// Counts type assertions (`x as T`, `<T>x`) in the source that ships, read with the TypeScript
// parser. `as const` is not counted: it narrows a literal and asserts nothing.
// Left out: tests (*.test.ts, tests/), migrations (landed, never edited) and benches.
// Usage: npx tsx scripts/count-casts.ts [--list]
import { readFileSync } from "node:fs";
import ts from "typescript";
import { shippedSources } from "./shipped-sources";

const roots = ["app", "domain", "server", "scripts"];

function isAsConst(node: ts.Node): boolean {
  const type = ts.isAsExpression(node) || ts.isTypeAssertionExpression(node) ? node.type : null;
  return (
    !!type &&
    ts.isTypeReferenceNode(type) &&
    ts.isIdentifier(type.typeName) &&
    type.typeName.text === "const"
  );
}

export function castsIn(fileName: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isAsConst(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push({ line: line + 1, text: node.getText().replace(/\s+/g, " ").slice(0, 100) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const list = process.argv.includes("--list");
let total = 0;
const perFile: [string, number][] = [];
for (const file of roots.flatMap(shippedSources)) {
  const casts = castsIn(file, readFileSync(file, "utf8"));
  total += casts.length;
  if (casts.length) perFile.push([file, casts.length]);
  if (list) for (const c of casts) console.log(`${file}:${c.line}  ${c.text}`);
}
if (!list)
  for (const [file, n] of perFile.sort((a, b) => b[1] - a[1])) console.log(`${n}\t${file}`);
console.log(
  `${total} type assertions (as const excluded) in ${roots.join(", ")}, tests, migrations and benches excluded`,
);
