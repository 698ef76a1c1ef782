/**
 * Starts a store process as a real child (node --import tsx, or plain node for a compiled .js
 * script; no npx wrapper, so the pid is the server itself and SIGKILL really kills it) and
 * waits until it accepts connections.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to standard error (start-up failures, logs). */
  stderr(): string;
  /** SIGKILL, resolved once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function spawnServer(options: {
  /** Script relative to the project root, e.g. tests/support/api-server.ts or build/server/main.js. */
  script: string;
  port: number;
  env: Record<string, string>;
  /** Extra command-line arguments for the script. */
  args?: string[];
  /** How long to wait for /healthz (ms). */
  timeoutMs?: number;
  /** The checkout to run the script from (a bench's BASE_DIR); this one by default. */
  root?: string;
}): Promise<SpawnedServer> {
  const { script, port, env } = options;
  const root = options.root ? path.resolve(options.root) : ROOT;
  const child = spawn(
    process.execPath,
    // A compiled script (.js) runs on plain node, as in production; TypeScript through tsx.
    [
      // SERVER_NODE_ARGS: extra node flags for the child, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"
      // to profile a bench's server (NODE_OPTIONS refuses --cpu-prof).
      ...(process.env.SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      ...(script.endsWith(".js") ? [] : ["--import", "tsx"]),
      path.join(root, script),
      ...(options.args ?? []),
    ],
    {
      cwd: root,
      env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ...env },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${script} exited with ${child.exitCode} before listening:\n${stderr}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${script} did not answer /healthz on ${url} in time:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url,
    stderr: () => stderr,
    async kill(signal = "SIGKILL") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
