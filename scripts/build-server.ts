/**
 * Compiles the server (server/main.ts and everything of ours it imports) into one plain
 * JavaScript file, BUILD_DIR/server/main.js, that `node` runs: production needs no TypeScript
 * compiler in memory (tsx stays for scripts and tests). Packages stay external (node_modules),
 * as the React Router server build beside it (index.js) does.
 */
import path from "node:path";
import { build } from "esbuild";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const outfile = path.join(buildDir, "server", "main.js");

await build({
  entryPoints: [path.resolve("server/main.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
});
process.stdout.write(`Compiled the server into ${path.relative(process.cwd(), outfile)}\n`);
