/**
 * Preloaded into a spawned store (NODE_OPTIONS="--import <this file>"): on SIGUSR2 it writes
 * the npm packages the process has loaded through require (CommonJS, and the native bindings
 * of ESM packages such as sharp's) to standard error as one line, `PACKAGES ["a","b",…]`.
 * tests/integration/packages-at-start.test.ts reads it (decision 355).
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

process.on("SIGUSR2", () => {
  const packages = new Set();
  for (const file of Object.keys(require.cache)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
    if (name) packages.add(name);
  }
  process.stderr.write(`PACKAGES ${JSON.stringify([...packages].sort())}\n`);
});
