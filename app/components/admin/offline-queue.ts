/**
 * The phone's queue of what the installer records with no network (decisions 583, 584): each
 * action is kept in IndexedDB (idb) in the order it was made, with its Idempotency-Key and the
 * revision it was made from (If-Match), and sent to the API in that order when the page sees
 * the network again (the `online` event, or the next load). A JSON body is kept as its value; a
 * multipart one (the close-out) as its fields and files, the files as Blobs, within
 * QUEUE_PHOTO_BYTES_MAX. A refusal (4xx) stays on the phone as "failed: why" for the installer
 * to decide; a network error or a 5xx stops the round, to be tried again.
 */
// First: zod interprets in the browser (no CSP 'eval' probe) before the schema below is built.
import "../../../domain/shared/zod-in-browser";
import { type DBSchema, openDB } from "idb";
import { z } from "zod";

/** One field of a multipart body: text, or a file kept as a Blob. */
export type QueuedPart =
  | { name: string; value: string }
  | { name: string; file: Blob; fileName: string };

export type QueuedBody =
  | { kind: "json"; json: unknown }
  | { kind: "multipart"; parts: QueuedPart[] };

export interface QueuedAction {
  id?: number;
  visitId: number;
  /** What the installer sees: "On my way, arriving in 30 minutes". */
  label: string;
  /** The API route it goes to, and its body. */
  url: string;
  body: QueuedBody;
  idempotencyKey: string;
  ifMatch: string | null;
  state: "waiting" | "failed";
  error: string | null;
  /** A refusal as stale (409 stale_revision): the revision now, to send it again from. */
  staleRevision: string | null;
  queuedAt: string;
}

/** What a caller queues; the key, state and time are the queue's. */
export type NewQueuedAction = Omit<
  QueuedAction,
  "id" | "state" | "error" | "staleRevision" | "queuedAt" | "idempotencyKey"
>;

/**
 * The files the queue keeps at most, all actions together: ten close-out photos shrunk to
 * 2,048 px (about 0.5–1.5 MB each) for several visits, well inside what Chromium and Safari
 * give a site, which evicts nothing it was promised.
 */
export const QUEUE_PHOTO_BYTES_MAX = 60 * 1024 * 1024;

/** The queue's files would pass QUEUE_PHOTO_BYTES_MAX: the action is not kept. */
export class QueueFullError extends Error {}

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

/** The bytes of the files a body holds. */
export function fileBytes(body: QueuedBody): number {
  if (body.kind !== "multipart") return 0;
  return body.parts.reduce((n, p) => n + ("file" in p ? p.file.size : 0), 0);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Keeps an action at the end of the queue and tries to send what waits. `idempotencyKey` is
 * the key of a send already tried online (its answer lost), so the server knows it again.
 */
export async function enqueue(action: NewQueuedAction, idempotencyKey?: string): Promise<void> {
  const db = await database();
  const kept = (await db.getAll("actions")).reduce((n, a) => n + fileBytes(a.body), 0);
  const adding = fileBytes(action.body);
  if (kept + adding > QUEUE_PHOTO_BYTES_MAX) {
    throw new QueueFullError(
      `This phone keeps at most ${megabytes(QUEUE_PHOTO_BYTES_MAX)} of photos waiting to be sent; ${megabytes(kept)} wait already and these are ${megabytes(adding)}. Take fewer photos, or send what waits first.`,
    );
  }
  await db.add("actions", {
    ...action,
    idempotencyKey: idempotencyKey ?? crypto.randomUUID(),
    state: "waiting",
    error: null,
    staleRevision: null,
    queuedAt: new Date().toISOString(),
  });
  changed();
  void sendQueued();
}

/**
 * The installer saw what the office changed and sends his action anyway: from the revision now,
 * under a new key (the old one stays the refusal it was), in its place in the queue.
 */
export async function sendAgain(id: number): Promise<void> {
  const db = await database();
  const action = await db.get("actions", id);
  if (!action || action.staleRevision === null) return;
  await db.put("actions", {
    ...action,
    ifMatch: action.staleRevision,
    idempotencyKey: crypto.randomUUID(),
    state: "waiting",
    error: null,
    staleRevision: null,
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

const refusalSchema = z.object({
  error: z.object({
    code: z.string().optional(),
    message: z.string().optional(),
    revision: z.string().optional(),
  }),
});

/** The refusal's message, and the revision now when it was refused as stale. */
async function refusalOf(
  response: Response,
): Promise<{ message: string; staleRevision: string | null }> {
  let message = `The server refused it (${response.status}).`;
  let staleRevision: string | null = null;
  try {
    const answer = refusalSchema.safeParse(await response.json());
    if (answer.success) {
      const { error } = answer.data;
      message = error.message ?? message;
      if (error.code === "stale_revision") staleRevision = error.revision ?? null;
    }
  } catch {
    // not JSON
  }
  return { message, staleRevision };
}

/** The request of an action: its JSON, or its multipart form rebuilt from what was kept. */
function requestOf(action: QueuedAction): { headers: Record<string, string>; body: BodyInit } {
  const headers: Record<string, string> = {
    "Idempotency-Key": `"${action.idempotencyKey}"`,
    ...(action.ifMatch ? { "If-Match": `"${action.ifMatch}"` } : {}),
  };
  if (action.body.kind === "json") {
    return {
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(action.body.json),
    };
  }
  const form = new FormData();
  for (const part of action.body.parts) {
    if ("file" in part) form.append(part.name, part.file, part.fileName);
    else form.append(part.name, part.value);
  }
  // The browser writes the multipart Content-Type with its boundary.
  return { headers, body: form };
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
        ...requestOf(action),
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
      const refusal = await refusalOf(response);
      await db.put("actions", {
        ...action,
        state: "failed",
        error: refusal.message,
        staleRevision: refusal.staleRevision,
      });
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
