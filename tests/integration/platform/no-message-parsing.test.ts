/**
 * Decision 185: no code under app/ or server/ reads a field (or a kind of error) back out of an
 * error message. Errors carry `code` and `fields`; a regular expression run over a message, or
 * `includes`/`startsWith`/`split` on one, is the habit this test keeps out.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** A message-like value: `message`, `error.message`, `userMessage`, `a.message`, `errorText`… */
const MESSAGE = String.raw`[\w.?]*(?:message|Message|errorText)\b\)?`;
const PATTERNS: RegExp[] = [
  // /…/.exec(message), /…/.test(a.message), regex.exec(error.message)
  new RegExp(String.raw`\.(?:exec|test)\(\s*${MESSAGE}`),
  // message.match(/…/), message.includes("…"), message.startsWith("…"), message.split("; ")
  new RegExp(
    String.raw`${MESSAGE}\s*\.(?:match|matchAll|includes|startsWith|endsWith|split|search)\(`,
  ),
  // new RegExp(`^${name}`) over a message to swap a field name
  /\.replace\(new RegExp\(/,
  // recognising a refusal by the phone number in its sentence (checkout's old out-of-area test)
  /\.includes\([\w.]*\.phone\)/,
];

/**
 * Where a message is BUILT (not read), or is a library's and has no code: describeIssues prefixes a field only when the schema's
 * own message does not start with it yet; labelMessage swaps a known field's name for its label.
 */
const ALLOWED = [
  { file: "server/errors.ts", text: "i.message.startsWith(field)" },
  { file: "domain/shared/form-messages.ts", text: "message.startsWith(field)" },
  { file: "domain/shared/form-messages.ts", text: "message.startsWith(leaf)" },
  // React Router's own errors (not ours: they carry no code) told apart from bugs.
  { file: "app/entry.server.tsx", text: "VISITOR_MISTAKE.test(message)" },
  // The size parser reads what the shopper typed ("36½"), not a message.
  { file: "domain/shared/size-input.ts", text: "text = text.replace(new RegExp(" },
];

describe("no error message is parsed for a field (decision 185)", () => {
  const files = [...sources("app"), ...sources("server"), ...sources("domain")];

  it("scans the source files", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(path.join("app", "lib", "forms.ts"));
  });

  it("finds no regular expression, includes or startsWith over a message", () => {
    const found: string[] = [];
    for (const file of files) {
      const lines = fs.readFileSync(path.join(ROOT, file), "utf8").split("\n");
      lines.forEach((line, i) => {
        if (/^\s*(\/\/|\*)/.test(line)) return;
        if (!PATTERNS.some((p) => p.test(line))) return;
        if (ALLOWED.some((a) => a.file === file && line.includes(a.text))) return;
        found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it("would catch the habits it forbids", () => {
    const bad = [
      "const match = /^([A-Za-z]+): (.*)$/s.exec(message);",
      '(problems.fieldErrors.zipCode ?? "").includes(services.business.phone)',
      "message.includes(phone)",
      'if (result.message.startsWith("Status")) reset();',
      'for (const part of message.split("; ")) {}',
      "error.replace(new RegExp(`^$" + "{name}`), label)",
      "if (/outside/.test(a.message)) {}",
    ];
    for (const line of bad)
      expect(
        PATTERNS.some((p) => p.test(line)),
        line,
      ).toBe(true);
  });
});
