/**
 * The back office's service worker (decision 582), made with Workbox's generateSW after the
 * client build: it precaches this build's hashed assets and the offline page (one build's
 * list: a new worker waits until every back-office tab of the old one is closed, so a page
 * never mixes two builds), keeps "My visits" and the job cards network-first, and answers any
 * other back-office page with the offline page when there is no network. Its scope (/admin) is
 * set where it is registered (app/components/admin/service-worker.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { generateSW } from "workbox-build";
import { z } from "zod";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const clientDir = path.join(buildDir, "client");

const chunkSchema = z.object({
  module: z.string(),
  imports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
const manifestSchema = z.object({
  entry: chunkSchema,
  routes: z.record(z.string(), chunkSchema.extend({ id: z.string() })),
});

/**
 * The files the back office's pages load, from React Router's client manifest: the entry, the
 * root and every route under routes/admin/, with their imports and styles. Nothing of the
 * storefront's own pages is kept on the phone.
 */
function backOfficeAssets(): string[] {
  const assetsDir = path.join(clientDir, "assets");
  const name = fs.readdirSync(assetsDir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!name) throw new Error(`No React Router manifest in ${assetsDir}: build the client first.`);
  const text = fs.readFileSync(path.join(assetsDir, name), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  const manifest = manifestSchema.parse(JSON.parse(json));
  const chunks = [
    manifest.entry,
    ...Object.values(manifest.routes).filter(
      (r) => r.id === "root" || r.id.startsWith("routes/admin/"),
    ),
  ];
  const files = new Set([`/assets/${name}`]);
  for (const chunk of chunks) {
    for (const file of [chunk.module, ...(chunk.imports ?? []), ...(chunk.css ?? [])]) {
      files.add(file);
    }
  }
  return withLazyChunks([...files].map((f) => f.replace(/^\//, "")));
}

/** A chunk's references to others: `import("./x.js")` (loaded on first use) and `from "./x.js"`. */
const CHUNK_REFERENCE = /(?:import\(\s*|from\s*|import\s*)[`"']\.\/([\w.-]+\.js)[`"']/g;

/**
 * The files with every chunk they load later (the signature pad, the forms' check: dynamic
 * imports React Router's manifest does not list), and what those load in turn, so the close-out
 * and the forms' checks work with no network too.
 */
function withLazyChunks(files: readonly string[]): string[] {
  const all = new Set(files);
  const toRead = files.filter((f) => f.endsWith(".js"));
  for (let file = toRead.pop(); file !== undefined; file = toRead.pop()) {
    const text = fs.readFileSync(path.join(clientDir, file), "utf8");
    for (const match of text.matchAll(CHUNK_REFERENCE)) {
      const chunk = `${path.posix.dirname(file)}/${match[1]}`;
      if (all.has(chunk) || !fs.existsSync(path.join(clientDir, chunk))) continue;
      all.add(chunk);
      toRead.push(chunk);
    }
  }
  return [...all];
}

const DAY = 24 * 60 * 60;

const { count, size, warnings } = await generateSW({
  globDirectory: clientDir,
  globPatterns: [...backOfficeAssets(), "admin-offline.html", "icons/*.png", "admin.webmanifest"],
  swDest: path.join(clientDir, "admin-sw.js"),
  inlineWorkboxRuntime: true,
  mode: "production",
  sourcemap: false,
  cacheId: "back-office",
  cleanupOutdatedCaches: true,
  // Vite's file names carry their content hash already.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  runtimeCaching: [
    {
      // My visits and the job cards, as pages and as React Router's data requests.
      urlPattern: ({ url, sameOrigin }) =>
        sameOrigin && /^\/admin\/visits(\/\d+)?(\.data)?$/.test(url.pathname),
      handler: "NetworkFirst",
      method: "GET",
      options: {
        cacheName: "back-office-visits",
        networkTimeoutSeconds: 5,
        // React Router's `_routes` (which loaders a client navigation needs) is no part of
        // what the page is: the card kept whole answers any of them.
        plugins: [
          {
            cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
              const key = new URL(request.url);
              key.searchParams.delete("_routes");
              return key.href;
            },
          },
        ],
        cacheableResponse: { statuses: [200] },
        expiration: { maxEntries: 200, maxAgeSeconds: 8 * DAY },
        precacheFallback: { fallbackURL: "/admin-offline.html" },
      },
    },
    {
      // React Router's route discovery: a job card opened with no network asks which routes
      // /admin/visits/ID has; the answer names route patterns, the same for every card, so it
      // is kept with the visit numbers left out, and with no network any kept answer for this
      // build that covers the paths asked answers (My visits' own one covers every card).
      // Generated into the worker as text: each function carries all it uses.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === "/__manifest",
      handler: "NetworkFirst",
      method: "GET",
      options: {
        cacheName: "back-office-visits",
        networkTimeoutSeconds: 5,
        plugins: [
          {
            cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
              const key = new URL(request.url);
              const paths = (key.searchParams.get("paths") ?? "")
                .split(",")
                .map((p) => p.replace(/\/\d+(?=\/|$)/g, "/:n"));
              key.searchParams.set("paths", [...new Set(paths)].join(","));
              return key.href;
            },
            handlerDidError: async ({ request }: { request: Request }) => {
              const asked = new URL(request.url);
              const paths = (url: URL) =>
                (url.searchParams.get("paths") ?? "")
                  .split(",")
                  .map((p) => p.replace(/\/\d+(?=\/|$)/g, "/:n"));
              const wanted = paths(asked);
              const cache = await caches.open("back-office-visits");
              for (const key of await cache.keys()) {
                const kept = new URL(key.url);
                if (kept.pathname !== "/__manifest") continue;
                if (kept.searchParams.get("version") !== asked.searchParams.get("version"))
                  continue;
                const has = new Set(paths(kept));
                if (wanted.every((p) => has.has(p))) return cache.match(key);
              }
              return undefined;
            },
          },
        ],
        cacheableResponse: { statuses: [200] },
      },
    },
    {
      urlPattern: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === "navigate" && /^\/admin(\/|$)/.test(url.pathname),
      handler: "NetworkOnly",
      options: { precacheFallback: { fallbackURL: "/admin-offline.html" } },
    },
  ],
});
for (const warning of warnings) process.stderr.write(`service worker: ${warning}\n`);
process.stdout.write(`Service worker: ${count} files precached (${Math.round(size / 1024)} KB)\n`);
