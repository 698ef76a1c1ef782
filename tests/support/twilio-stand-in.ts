/**
 * Twilio's REST API for tests (TWILIO_BASE_URL): an HTTP server on a free port of 127.0.0.1 that
 * takes POST /2010-04-01/Accounts/{SID}/Messages.json with basic auth, as Twilio does, and records
 * each message sent (To, From, Body). Wrong credentials answer 401 like Twilio (code 20003).
 * `media` serves files at /2010-04-01/Accounts/{SID}/Messages/{MM}/Media/NAME (basic auth too),
 * the MediaUrl of an inbound MMS, as Twilio does: `mediaUrl(NAME)` names one; `mediaReads` counts
 * the reads.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface SentText {
  to: string;
  from: string;
  body: string;
}

export interface TwilioStandIn {
  baseUrl: string;
  sent: SentText[];
  media: Map<string, { contentType: string; data: Buffer }>;
  mediaUrl(name: string): string;
  mediaReads: string[];
  close(): Promise<void>;
}

export async function startTwilioStandIn(accountSid: string, authToken: string, listenOn = 0) {
  const sent: SentText[] = [];
  const media = new Map<string, { contentType: string; data: Buffer }>();
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  let serial = 0;
  const mediaReads: string[] = [];
  const mediaPath = `/2010-04-01/Accounts/${accountSid}/Messages/MM${"0".repeat(32)}/Media/`;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ code: 20003, message: "Authenticate", status: 401 }));
        return;
      }
      const url = req.url ?? "";
      if (req.method === "GET" && url.startsWith(mediaPath)) {
        mediaReads.push(url.slice(mediaPath.length));
        const file = media.get(url.slice(mediaPath.length));
        if (!file) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { "Content-Type": file.contentType }).end(file.data);
        return;
      }
      if (req.method === "POST" && url === `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
        sent.push({
          to: form.get("To") ?? "",
          from: form.get("From") ?? "",
          body: form.get("Body") ?? "",
        });
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ sid: `SM${String(++serial).padStart(32, "0")}` }));
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(listenOn, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    sent,
    media,
    mediaUrl: (name: string) => `http://127.0.0.1:${port}${mediaPath}${name}`,
    mediaReads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies TwilioStandIn;
}
