// Finds import circles among our own modules: every static `import` and
// `export … from` between files under app, domain, server and scripts, type-only imports
// included (a circle of types is still a circle in the drawing of the house). Dynamic
// `import()` is left out: it loads on demand and breaks no start-up order. Tests, migrations
// and benches are left out like in count-casts.ts.
// Usage: npx tsx scripts/check-import-cycles.ts (exit 1 and one line per circle when any).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const roots = ["app", "domain", "server", "scripts"];
const skipped = [/\.test\.tsx?$/, /^server\/db\/migrations\//, /\.d\.m?ts$/];

/** The source files under `dir`, as paths relative to `root`. */
function files(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return files(root, rel);
    return /\.tsx?$/.test(name) && !skipped.some((re) => re.test(rel)) ? [rel] : [];
  });
}

/** The relative module specifiers a file imports or re-exports statically. */
export function importsOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    const specifier =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : undefined;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith(".")) {
      found.push(specifier.text);
    }
  }
  return found;
}

function resolve(root: string, from: string, specifier: string): string | null {
  const base = path.normalize(path.join(path.dirname(from), specifier));
  const stem = base.replace(/\.(m?js|jsx)$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(path.join(root, c))) ?? null;
}

/** Strongly connected components (Tarjan) with more than one module, or a module importing itself. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The import graph of the tree at `root`: file → the files it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const present = roots.filter((dir) => existsSync(path.join(root, dir)));
  for (const file of present.flatMap((dir) => files(root, dir))) {
    const targets = importsOf(file, readFileSync(path.join(root, file), "utf8"))
      .map((specifier) => resolve(root, file, specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const cycles = findCycles(importGraph(process.cwd()));
  for (const cycle of cycles) console.log(`circle: ${cycle.join(" ↔ ")}`);
  console.log(`${cycles.length} import circle(s) in ${roots.join(", ")}`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
