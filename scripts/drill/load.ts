/**
 * The drill's shoppers (decision 542): each session browses, adds to a cart and either checks
 * out with its own email or books a visit, from its own loopback address (127.x.y.z, so HAProxy
 * and the store's limits see one client per session), through HAProxy. A request the proxy could
 * not deliver (connection error, 502, 503, 504) is tried again: always for the order (placing is
 * idempotent per cart), for the rest only when it never reached a store (503, 504, refused).
 */
import http from "node:http";
import { z } from "zod";
import {
  placeOneOrder,
  type Send,
  sampleCustomer,
  type WireAnswer,
} from "../../tests/support/shopper";

export interface Sample {
  startedMs: number;
  durationMs: number;
  /** The status, or "error" when the connection failed. */
  status: string;
}

export interface Session {
  n: number;
  kind: "order" | "booking";
  email: string;
  phone: string;
  /** The hosts (HAProxy's X-Served-By) that answered, in order. */
  servedBy: string[];
  /** The reference acknowledged (201), if any. */
  reference?: string;
  /** The last answer's status when the session ended without an acknowledgement. */
  failedWith?: string;
  /** A request that may have reached a store without an answer (not retried). */
  ambiguous: boolean;
  startedMs: number;
  endedMs: number;
}

const RETRY_STATUSES = new Set([502, 503, 504]);
const TRIES = 8;
const BACKOFF_MS = 250;

function once(
  agent: http.Agent,
  base: URL,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<WireAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        headers: {
          ...headers,
          ...(payload ? { "content-type": "application/json" } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // a page: keep the text
          }
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
          resolve({ status: res.statusCode ?? 0, body: parsed, headers: h });
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(payload);
  });
}

/** A Send for one session: its own address, retries as above, every answer sampled. */
function sessionSend(base: URL, session: Session, samples: Sample[], t0: number): Send {
  const a = 10 + Math.floor(session.n / 62_500);
  const agent = new http.Agent({
    keepAlive: true,
    localAddress: `127.${a}.${Math.floor(session.n / 250) % 250}.${(session.n % 250) + 1}`,
  });
  return async (method, path, body, headers = {}) => {
    const idempotent = method === "GET" || path === "/api/orders";
    let last = "";
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      const started = performance.now();
      try {
        const answer = await once(agent, base, method, path, body, headers);
        samples.push({
          startedMs: started - t0,
          durationMs: performance.now() - started,
          status: String(answer.status),
        });
        const host = answer.headers.get("x-served-by");
        if (host) session.servedBy.push(host);
        if (!RETRY_STATUSES.has(answer.status)) return answer;
        last = `${answer.status}`;
        // 502: the store may have acted before dying; only an idempotent request goes again.
        if (answer.status === 502 && !idempotent) {
          session.ambiguous = true;
          return answer;
        }
      } catch (error) {
        samples.push({
          startedMs: started - t0,
          durationMs: performance.now() - started,
          status: "error",
        });
        last = String(error);
        if (!idempotent) {
          session.ambiguous = true;
          throw error;
        }
      }
      await new Promise((r) => setTimeout(r, BACKOFF_MS * attempt));
    }
    throw new Error(`${method} ${path}: no answer after ${TRIES} tries (${last})`);
  };
}

/** What the drill reads of the store's answers. */
const WINDOWS = z.object({
  windows: z.array(z.object({ date: z.string(), start: z.string(), end: z.string() })),
});
const ACKNOWLEDGED = z.object({ reference: z.string().min(1) });

async function book(send: Send, session: Session): Promise<void> {
  const found = await send("GET", "/api/booking/windows?zipCode=33904");
  const windows = WINDOWS.safeParse(found.body).data?.windows ?? [];
  const customer = sampleCustomer(session.n, "drill");
  for (let tries = 0; tries < 4 && windows.length > 0; tries++) {
    const [window] = windows.splice(Math.floor(Math.random() * windows.length), 1);
    const answer = await send("POST", "/api/booking", {
      ...window,
      zipCode: "33904",
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      address: customer.address,
      city: "Cape Coral",
      textReminders: true,
    });
    if (answer.status === 201) {
      session.reference = ACKNOWLEDGED.parse(answer.body).reference;
      return;
    }
    session.failedWith = `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    if (answer.status !== 409 || session.ambiguous) return;
  }
}

async function runSession(send: Send, session: Session): Promise<void> {
  await send("GET", session.n % 2 === 0 ? "/" : "/product/vinyl");
  await send("GET", "/api/products");
  if (session.kind === "booking") return book(send, session);
  const placed = await placeOneOrder(send, session.n, {}, { tag: "drill" });
  // 201, or 200 when a retry found the order the first attempt had placed (decision 022).
  if (placed.answer.status === 201 || placed.answer.status === 200) {
    session.reference = ACKNOWLEDGED.parse(placed.answer.body).reference;
  } else {
    session.failedWith = `${placed.answer.status} ${JSON.stringify(placed.answer.body).slice(0, 200)}`;
  }
}

/**
 * `shoppers` sessions at a time until `seconds` are over; `onBooked` hears of each booking
 * acknowledged (the drill queues its text).
 */
export async function runLoad(options: {
  baseUrl: string;
  seconds: number;
  shoppers: number;
  t0: number;
  onBooked: (session: Session) => Promise<void>;
}): Promise<{ sessions: Session[]; samples: Sample[] }> {
  const base = new URL(options.baseUrl);
  const sessions: Session[] = [];
  const samples: Sample[] = [];
  const endAt = options.t0 + options.seconds * 1000;
  let next = 0;
  const shopper = async () => {
    while (performance.now() < endAt) {
      const n = next++;
      const customer = sampleCustomer(n, "drill");
      const session: Session = {
        n,
        kind: n % 4 === 3 ? "booking" : "order",
        email: customer.email,
        phone: customer.phone,
        servedBy: [],
        ambiguous: false,
        startedMs: performance.now() - options.t0,
        endedMs: 0,
      };
      sessions.push(session);
      try {
        await runSession(sessionSend(base, session, samples, options.t0), session);
        if (session.kind === "booking" && session.reference) await options.onBooked(session);
      } catch (error) {
        session.failedWith = String(error).slice(0, 200);
      }
      session.endedMs = performance.now() - options.t0;
    }
  };
  await Promise.all(Array.from({ length: options.shoppers }, shopper));
  return { sessions, samples };
}
