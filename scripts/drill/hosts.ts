/**
 * The drill's processes (decision 542): the built store on each host (`ip netns exec`, which
 * execs, so the child's pid is the store's own and SIGKILL really kills it) and HAProxy in the
 * root namespace, in front of the app hosts (checking /readyz) and in front of PostgreSQL for the
 * hosts (HOST_SIDE:5432 → 127.0.0.1:5432, so the machine's PostgreSQL keeps listening on
 * loopback only).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { HOST_SIDE, HOSTS, type Host } from "./network";

export const APP_PORT = 3000;
const HAPROXY = "/usr/sbin/haproxy";

export interface Running {
  host: Host;
  child: ChildProcess;
  exited: Promise<void>;
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** Polls `url` until it answers 200 (or the process exits, or `timeoutMs` passes). */
export async function answers(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer 200 in time (exit ${child.exitCode})`);
}

/** The built store on `host`, ROLE as the host's name says, its log and stderr in dataDir. */
export async function startStore(options: {
  host: Host;
  mainJs: string;
  buildDir: string;
  dataDir: string;
  databaseUrl: string;
}): Promise<Running> {
  const { host, dataDir } = options;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const stderr = fs.openSync(path.join(dataDir, "stderr.log"), "a");
  const child = spawn("ip", ["netns", "exec", host.namespace, process.execPath, options.mainJs], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      PORT: String(APP_PORT),
      ROLE: host.name === "worker" ? "worker" : "web",
      DATA_DIR: dataDir,
      BUILD_DIR: options.buildDir,
      DATABASE_URL: options.databaseUrl,
      TRUST_PROXY: "true",
      PUBLIC_URL: "http://127.0.0.1",
      LOG_FILE: path.join(dataDir, "store.log"),
      LOG_LEVEL: "info",
      DRAIN_SECONDS: "2",
    },
    stdio: ["ignore", "ignore", stderr],
  });
  const running = { host, child, exited: exitOf(child) };
  await answers(`http://${host.address}:${APP_PORT}/readyz`, child, 120_000);
  return running;
}

export function haproxyConfig(frontPort: number): string {
  const apps = HOSTS.filter((h) => h.name !== "worker");
  return `global
  maxconn 4000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A connection refused by a dead host is tried on the other one.
  retries 3
  option redispatch

frontend shop
  bind 127.0.0.1:${frontPort}
  option forwardfor
  http-response set-header X-Served-By %[srv_name]
  default_backend apps

backend apps
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
${apps.map((h) => `  server ${h.name} ${h.address}:${APP_PORT} check`).join("\n")}

listen postgres
  mode tcp
  bind ${HOST_SIDE}:5432
  timeout client 1h
  timeout server 1h
  server pg 127.0.0.1:5432
`;
}

export async function startHaproxy(dir: string, frontPort: number): Promise<ChildProcess> {
  const file = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(file, haproxyConfig(frontPort));
  const log = fs.openSync(path.join(dir, "haproxy.log"), "a");
  const child = spawn(HAPROXY, ["-db", "-f", file], { stdio: ["ignore", log, log] });
  // The proxy's own answer (503 until a host is up) says it listens.
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${frontPort}/livez`);
      return child;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`HAProxy did not start: ${fs.readFileSync(path.join(dir, "haproxy.log"))}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await exitOf(child);
}
