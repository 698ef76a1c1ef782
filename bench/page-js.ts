/**
 * npx tsx bench/page-js.ts [build-dir…]: the JavaScript a page loads when it hydrates, from a
 * build's React Router manifest (no server, no browser): the manifest script itself, the client
 * entry and its imports, the root route's and the page route's modules and imports, each file
 * gzipped (level 9) and summed once. A Spanish page adds the Spanish catalogs' chunk, which
 * app/entry.client.tsx loads before hydrating it. Figures in KB (1,024 bytes), for the pages of
 * BENCH_PAGES (route ids; default: the English home and product pages and their Spanish twins).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { z } from "zod";

const manifestSchema = z.object({
  entry: z.object({ module: z.string(), imports: z.array(z.string()) }),
  routes: z.record(
    z.string(),
    z.object({ module: z.string(), imports: z.array(z.string()).optional() }),
  ),
});

const PAGES = (
  process.env.BENCH_PAGES ||
  "routes/storefront/home,routes/storefront/product,es,es/product/:productType"
).split(",");

function gzipKb(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
}

function pageJs(buildDir: string, routeId: string): number | null {
  const assets = path.join(buildDir, "client", "assets");
  const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error(`${buildDir}: no React Router manifest in client/assets`);
  const source = fs.readFileSync(path.join(assets, manifestFile), "utf8");
  const manifest = manifestSchema.parse(
    JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;?\s*$/, "")),
  );
  const route = manifest.routes[routeId];
  const root = manifest.routes.root;
  if (!route || !root) return null;
  const files = new Set([
    `/assets/${manifestFile}`,
    manifest.entry.module,
    ...manifest.entry.imports,
    root.module,
    ...(root.imports ?? []),
    route.module,
    ...(route.imports ?? []),
  ]);
  if (routeId === "es" || routeId.startsWith("es/")) {
    for (const f of fs.readdirSync(assets).filter((name) => /^spanish-catalogs-.*\.js$/.test(name)))
      files.add(`/assets/${f}`);
  }
  let kb = 0;
  for (const f of files) kb += gzipKb(path.join(buildDir, "client", f));
  return kb;
}

const builds = process.argv.slice(2);
for (const build of builds.length ? builds : ["build"]) {
  for (const page of PAGES) {
    const kb = pageJs(build, page);
    console.log(`${build}\t${page}\t${kb === null ? "(no such route)" : `${kb.toFixed(1)} KB`}`);
  }
}
