/**
 * Preloaded into a spawned store (NODE_OPTIONS="--import <this file>"): on SIGUSR2 it writes
 * the npm packages the process has loaded to standard error as one line,
 * `PACKAGES ["a","b",…]`: those required (CommonJS, and native bindings such as sharp's) and
 * those imported as ES modules (seen by a module hook). tests/integration/packages-at-start.test.ts
 * reads it.
 */
import { createRequire, register } from "node:module";
import { MessageChannel } from "node:worker_threads";

const require = createRequire(import.meta.url);
const PACKAGE = /node_modules\/((?:@[^/]+\/)?[^/]+)/;
const imported = new Set();

const { port1, port2 } = new MessageChannel();
port1.on("message", (url) => imported.add(url));
port1.unref();
const HOOKS = `
let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) {
  port.postMessage(url);
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, {
  data: { port: port2 },
  transferList: [port2],
});

process.on("SIGUSR2", () => {
  const packages = new Set();
  for (const file of [...Object.keys(require.cache), ...imported]) {
    const name = PACKAGE.exec(file)?.[1];
    if (name) packages.add(name);
  }
  process.stderr.write(`PACKAGES ${JSON.stringify([...packages].sort())}\n`);
});
