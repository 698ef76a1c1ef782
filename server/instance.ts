/**
 * This process's name among the store processes sharing one database (machine, pid and a
 * random suffix, since pids repeat across machines and restarts): written into email claims
 * and job leases so that a row says who holds it.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";

export const INSTANCE_ID = `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
