/** What the CPU benches share: a store (or the bare server) as a child process, and its CPU. */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";

/** A process's CPU so far (user + system, ms), from /proc. */
export function cpuMs(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * A thread's time on a CPU and waiting in the run queue for one so far (ms), from
 * /proc/<pid>/schedstat: for a store's pid, its main thread, the one its event loop runs on.
 * The wait is the machine's share of a request's latency: time the loop was ready but not run.
 */
export function schedMs(pid: number | "self" | undefined): { ran: number; waited: number } {
  const [ran, waited] = fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ").map(Number);
  return { ran: (ran ?? Number.NaN) / 1e6, waited: (waited ?? Number.NaN) / 1e6 };
}

/**
 * `node --import tsx <args>` in `dir` on 127.0.0.1:`port` with its own DATA_DIR, behind one
 * trusted proxy, once its /healthz answers.
 */
export async function startProcess(
  dir: string,
  args: string[],
  port: number,
  dataDir: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: dir,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "bench-admin-password",
      LOG_LEVEL: "info",
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${dir} ${args.join(" ")} did not start`);
}
