/**
 * The mailer's two ways (decision 415): .eml files in the outbox folder, made once and made
 * again if it goes away; and SMTP through one pooled connection, not one per email.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { createMailer } from "../../server/email/mailer";
import { createLogger } from "../../server/logger";

const logger = createLogger("silent");
const email = (subject: string) => ({
  to: "dana@example.com",
  subject,
  text: "Hello · there",
  html: "<p>Hello · there</p>",
});

describe("mailer without SMTP", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mailer-test-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes each email to the outbox folder, also after the folder was removed", async () => {
    const outboxDir = path.join(dir, "outbox");
    const mailer = createMailer({ smtpUrl: undefined, outboxDir, from: "S <s@x.example>", logger });
    await mailer.send(email("first"));
    fs.rmSync(outboxDir, { recursive: true });
    await mailer.send(email("second"));
    await mailer.send(email("third"));
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    const texts = files.map((f) => fs.readFileSync(path.join(outboxDir, f), "utf8"));
    expect(texts.some((t) => t.includes("Subject: second"))).toBe(true);
    expect(texts.some((t) => t.includes("Subject: third"))).toBe(true);
    expect(texts[0]).toContain("Hello =C2=B7 there");
    expect(fs.statSync(path.join(outboxDir, files[0] ?? "")).mode & 0o777).toBe(0o600);
    mailer.close();
  });

  it("writes every email once, to a file of its own, each with its own Message-ID and boundary", async () => {
    const outboxDir = path.join(dir, "many");
    const mailer = createMailer({ smtpUrl: undefined, outboxDir, from: "S <s@x.example>", logger });
    const count = 300;
    await Promise.all(Array.from({ length: count }, (_, i) => mailer.send(email(`n${i}`))));
    const texts = fs
      .readdirSync(outboxDir)
      .map((f) => fs.readFileSync(path.join(outboxDir, f), "utf8"));
    expect(texts).toHaveLength(count);
    const subjects = texts.map((t) => /^Subject: (.*)\r$/m.exec(t)?.[1]);
    expect(new Set(subjects).size).toBe(count);
    const ids = texts.map((t) => /^Message-ID: (.*)\r$/m.exec(t)?.[1] ?? "");
    for (const id of ids) {
      expect(id).toMatch(
        /^<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@x\.example>$/,
      );
    }
    expect(new Set(ids).size).toBe(count);
    const boundaries = texts.map((t) => /boundary="(--_NmP-[0-9a-f]{16})-Part_1"/.exec(t)?.[1]);
    expect(boundaries.every(Boolean)).toBe(true);
    expect(new Set(boundaries).size).toBe(count);
    mailer.close();
  });
});

describe("mailer over SMTP", () => {
  let connections = 0;
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push(data);
        callback();
      });
    },
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it("sends a run's emails through one pooled connection", async () => {
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: "unused",
      from: "S <s@x.example>",
      logger,
    });
    for (const subject of ["one", "two", "three"]) await mailer.send(email(subject));
    expect(received.map((d) => /^Subject: (.*)$/m.exec(d)?.[1]?.trim())).toEqual([
      "one",
      "two",
      "three",
    ]);
    expect(connections).toBe(1);
    mailer.close();
  });
});
