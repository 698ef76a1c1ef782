/**
 * The phone's queue of what the installer records with no network (decision 583): each action
 * is kept in IndexedDB (idb) in the order it was made, with its Idempotency-Key and the
 * revision it was made from (If-Match), and sent to the API in that order when the page sees
 * the network again (the `online` event, or the next load). A refusal (4xx) stays on the
 * phone as "failed: why" for the installer to decide; a network error or a 5xx stops the
 * round, to be tried again.
 */
import { type DBSchema, openDB } from "idb";

export interface QueuedAction {
  id?: number;
  visitId: number;
  /** What the installer sees: "On my way, arriving in 30 minutes". */
  label: string;
  /** The API route it goes to, and its JSON body. */
  url: string;
  json: unknown;
  idempotencyKey: string;
  ifMatch: string | null;
  state: "waiting" | "failed";
  error: string | null;
  queuedAt: string;
}

interface QueueDb extends DBSchema {
  actions: { key: number; value: QueuedAction; indexes: { visit: number } };
}

export const QUEUE_CHANGED = "back-office-queue-changed";

function database() {
  return openDB<QueueDb>("back-office-queue", 1, {
    upgrade(db) {
      db.createObjectStore("actions", { keyPath: "id", autoIncrement: true }).createIndex(
        "visit",
        "visitId",
      );
    },
  });
}

function changed(): void {
  window.dispatchEvent(new Event(QUEUE_CHANGED));
}

export async function enqueue(
  action: Omit<QueuedAction, "id" | "state" | "error" | "queuedAt" | "idempotencyKey">,
): Promise<void> {
  const db = await database();
  await db.add("actions", {
    ...action,
    idempotencyKey: crypto.randomUUID(),
    state: "waiting",
    error: null,
    queuedAt: new Date().toISOString(),
  });
  changed();
  void sendQueued();
}

/** A visit's actions still on the phone, oldest first. */
export async function queuedFor(visitId: number): Promise<QueuedAction[]> {
  const db = await database();
  return db.getAllFromIndex("actions", "visit", visitId);
}

/** Forgets a failed action (the installer decided). */
export async function dismiss(id: number): Promise<void> {
  const db = await database();
  await db.delete("actions", id);
  changed();
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && "error" in body) {
      const { error } = body as { error: { message?: unknown } };
      if (typeof error.message === "string") return error.message;
    }
  } catch {
    // not JSON
  }
  return `The server refused it (${response.status}).`;
}

let round: Promise<void> | null = null;

/** Sends what waits, in order; one round at a time. */
export function sendQueued(): Promise<void> {
  round ??= sendRound().finally(() => {
    round = null;
  });
  return round;
}

async function sendRound(): Promise<void> {
  if (!navigator.onLine) return;
  const db = await database();
  for (const action of await db.getAll("actions")) {
    if (action.state !== "waiting" || action.id === undefined) continue;
    let response: Response;
    try {
      response = await fetch(action.url, {
        method: "POST",
        credentials: "same-origin",
        headers: {
          "Content-Type": "application/json",
          "Idempotency-Key": `"${action.idempotencyKey}"`,
          ...(action.ifMatch ? { "If-Match": `"${action.ifMatch}"` } : {}),
        },
        body: JSON.stringify(action.json),
      });
    } catch {
      return; // still no network: the next `online` or load tries again
    }
    if (response.ok) {
      await db.delete("actions", action.id);
    } else if (response.status >= 500 || response.status === 401) {
      // Ours, or signed out: tried again later, never dropped.
      return;
    } else if (response.status === 409 && response.headers.get("Retry-After")) {
      return; // its first send is still being handled
    } else {
      await db.put("actions", { ...action, state: "failed", error: await errorMessage(response) });
    }
    changed();
  }
}

/** Sends on every return of the network and once now (the page's load). */
export function startQueue(): () => void {
  const send = () => void sendQueued();
  window.addEventListener("online", send);
  send();
  return () => window.removeEventListener("online", send);
}
