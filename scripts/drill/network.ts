/**
 * The drill's machines (decision 542): one network namespace per host, each joined to one
 * bridge in the root namespace by a veth pair. The bridge's address (HOST_SIDE) is where the
 * hosts reach PostgreSQL (HAProxy forwards it to 127.0.0.1:5432) and where HAProxy reaches them.
 * Names are fixed, so a run cleans up what a killed earlier run left.
 */
import { execFileSync } from "node:child_process";

export const BRIDGE = "drillbr0";
export const HOST_SIDE = "10.231.0.1";
const PREFIX = 24;

export interface Host {
  name: "app1" | "app2" | "worker";
  namespace: string;
  address: string;
}

export const HOSTS: readonly Host[] = [
  { name: "app1", namespace: "drill-app1", address: "10.231.0.11" },
  { name: "app2", namespace: "drill-app2", address: "10.231.0.12" },
  { name: "worker", namespace: "drill-worker", address: "10.231.0.13" },
];

function ip(...args: string[]): void {
  execFileSync("ip", args, { stdio: ["ignore", "ignore", "pipe"] });
}

function quietly(run: () => void): void {
  try {
    run();
  } catch {
    // already gone
  }
}

/** The bridge and every host's namespace, veth pair, address and default route. */
export function buildNetwork(): void {
  tearDownNetwork();
  ip("link", "add", BRIDGE, "type", "bridge");
  ip("addr", "add", `${HOST_SIDE}/${PREFIX}`, "dev", BRIDGE);
  ip("link", "set", BRIDGE, "up");
  for (const host of HOSTS) {
    const outside = `${host.namespace}-h`;
    const inside = `${host.namespace}-n`;
    ip("netns", "add", host.namespace);
    ip("link", "add", outside, "type", "veth", "peer", "name", inside);
    ip("link", "set", inside, "netns", host.namespace);
    ip("link", "set", outside, "master", BRIDGE, "up");
    ip("-n", host.namespace, "link", "set", "lo", "up");
    ip("-n", host.namespace, "link", "set", inside, "name", "eth0");
    ip("-n", host.namespace, "addr", "add", `${host.address}/${PREFIX}`, "dev", "eth0");
    ip("-n", host.namespace, "link", "set", "eth0", "up");
    ip("-n", host.namespace, "route", "add", "default", "via", HOST_SIDE);
  }
}

/** Namespaces (their veth ends go with them) and the bridge; safe to call twice. */
export function tearDownNetwork(): void {
  for (const host of HOSTS) {
    quietly(() => ip("netns", "del", host.namespace));
    quietly(() => ip("link", "del", `${host.namespace}-h`));
  }
  quietly(() => ip("link", "del", BRIDGE));
}

/** What is left of the drill's network (empty after a clean-up). */
export function leftovers(): string[] {
  const namespaces = execFileSync("ip", ["netns", "list"], { encoding: "utf8" });
  const links = execFileSync("ip", ["-o", "link", "show"], { encoding: "utf8" });
  return [
    ...HOSTS.filter((h) => namespaces.includes(h.namespace)).map((h) => `netns ${h.namespace}`),
    ...(links.includes(`${BRIDGE}:`) ? [`bridge ${BRIDGE}`] : []),
  ];
}
