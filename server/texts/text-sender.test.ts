/**
 * The texts sender against a local stand-in for Twilio's Messages endpoint that checks the
 * request the way Twilio does (the account in the path, basic auth with the account SID and
 * auth token, a form body with To, From and Body), and the files fallback.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { createTextSender } from "./text-sender";

const SID = `AC${"0123456789abcdef".repeat(2)}`;
const TOKEN = "f".repeat(32);
const FROM = "+12395550100";
const logger = createLogger("silent");

interface Received {
  to: string;
  from: string;
  body: string;
}

/** Answers like Twilio: 401 (code 20003) for bad credentials, 400 (21211/21604) for bad fields. */
function twilioStandIn(received: Received[]) {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = (status: number, body: Record<string, unknown>) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(
        req.url ?? "",
      );
      if (req.method !== "POST" || !match) return answer(404, { code: 20404, status: 404 });
      const expected = `Basic ${Buffer.from(`${match[1]}:${TOKEN}`).toString("base64")}`;
      if (match[1] !== SID || req.headers.authorization !== expected) {
        return answer(401, { code: 20003, message: "Authenticate", status: 401 });
      }
      if (!/^application\/x-www-form-urlencoded/.test(req.headers["content-type"] ?? "")) {
        return answer(400, { code: 20001, message: "Bad content type", status: 400 });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const to = form.get("To") ?? "";
      const from = form.get("From") ?? "";
      const body = form.get("Body") ?? "";
      if (!/^\+1\d{10}$/.test(to)) {
        return answer(400, {
          code: 21211,
          message: `The 'To' number ${to} is not valid.`,
          status: 400,
        });
      }
      if (!from)
        return answer(400, {
          code: 21603,
          message: "A 'From' phone number is required.",
          status: 400,
        });
      if (!body)
        return answer(400, { code: 21602, message: "Message body is required.", status: 400 });
      received.push({ to, from, body });
      answer(201, { sid: `SM${"a".repeat(32)}`, status: "queued", to, from, body });
    });
  });
}

describe("texts through Twilio's REST API (a local stand-in)", () => {
  const received: Received[] = [];
  const server = twilioStandIn(received);
  let baseUrl = "";

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("posts To, From and Body with basic auth to the account's Messages.json", async () => {
    const sender = createTextSender({
      twilio: { accountSid: SID, authToken: TOKEN, from: FROM, baseUrl },
      textsDir: "/nonexistent",
      logger,
    });
    expect(sender.kind).toBe("twilio");
    await sender.send({ to: "(239) 555-0199", body: "Hi Ana, see you tomorrow." });
    expect(received).toEqual([
      { to: "+12395550199", from: FROM, body: "Hi Ana, see you tomorrow." },
    ]);
  });

  it("fails with Twilio's code when the credentials are wrong (the dispatcher retries)", async () => {
    const sender = createTextSender({
      twilio: { accountSid: SID, authToken: "e".repeat(32), from: FROM, baseUrl },
      textsDir: "/nonexistent",
      logger,
    });
    await expect(sender.send({ to: "2395550199", body: "x" })).rejects.toThrow(
      "Twilio answered 401 (Twilio 20003: Authenticate)",
    );
  });

  it("is configured by all three variables, or none; a partial or malformed set stops start-up", () => {
    const env = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM };
    expect(loadConfig(env).twilio).toMatchObject({
      accountSid: SID,
      from: FROM,
      baseUrl: "https://api.twilio.com",
    });
    expect(loadConfig({}).twilio).toBeUndefined();
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: SID })).toThrow(/set all three/);
    expect(() => loadConfig({ ...env, TWILIO_ACCOUNT_SID: "nope" })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ ...env, TWILIO_FROM: "239-555" })).toThrow(/TWILIO_FROM/);
  });
});

describe("texts without Twilio", () => {
  it("are written as files only the server's user can read", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "texts-")), "texts");
    const sender = createTextSender({ twilio: undefined, textsDir: dir, logger });
    expect(sender.kind).toBe("files");
    await sender.send({ to: "(239) 555-0199", body: "Hi Ana" });
    const [file] = fs.readdirSync(dir);
    const full = path.join(dir, file ?? "");
    expect(fs.readFileSync(full, "utf8")).toBe("To: +12395550199\n\nHi Ana\n");
    expect(fs.statSync(full).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    fs.rmSync(path.dirname(dir), { recursive: true });
  });
});
