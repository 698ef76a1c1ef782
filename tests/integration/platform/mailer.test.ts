/**
 * The mailer's two ways: .eml files in the outbox folder, made once and made
 * again if it goes away; and SMTP through one pooled connection, not one per email.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../../server/email/mailer";
import { createLogger } from "../../../server/logger";
import { type SmtpStandIn, startSmtpStandIn } from "../../support/smtp-stand-in";

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
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn({
      auth: { user: "store", pass: "s3cret pass" },
      senders: ["s@x.example"],
    });
  });
  afterAll(() => smtp?.close());

  it("sends a run's emails through one pooled connection, logged in", async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      outboxDir: "unused",
      from: "S <s@x.example>",
      logger,
    });
    for (const subject of ["one", "two", "three"]) await mailer.send(email(subject));
    expect(smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.data)?.[1]?.trim())).toEqual([
      "one",
      "two",
      "three",
    ]);
    for (const m of smtp.received) {
      expect(m).toMatchObject({ from: "s@x.example", to: ["dana@example.com"], user: "store" });
      expect(m.data).toContain("Hello =C2=B7 there");
    }
    expect(smtp.refused).toEqual([]);
    expect(smtp.connections()).toBe(1);
    mailer.close();
  });

  it("fails the send of an email over the server's size limit", async () => {
    const small = await startSmtpStandIn({ maxBytes: 4_000 });
    const mailer = createMailer({
      smtpUrl: small.url,
      outboxDir: "unused",
      from: "S <s@x.example>",
      logger,
    });
    try {
      await expect(
        mailer.send({ ...email("big"), html: `<p>${"x".repeat(8_000)}</p>` }),
      ).rejects.toThrow(/552/);
      await mailer.send(email("small"));
      expect(small.received.map((m) => m.bytes < 4_000)).toEqual([true]);
    } finally {
      mailer.close();
      await small.close();
    }
  });
});
