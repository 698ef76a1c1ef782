/**
 * Every public page through the W3C validator (the Nu Html Checker from npm's vnu-jar, run once
 * with Java over all of them), rendered by the real pages on the seeded store: 0 errors. The
 * checker's CSS parser lags behind what browsers read; its messages about CSS that browsers
 * accept are filtered by rule below, each with its reason, and nothing else is.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVERY_OFFERED_PATH, PUBLIC_INFO_PATHS } from "../../../domain/storefront/site-map";
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { SAMPLE_ITEM } from "../../support/sample-items";
import { request } from "../../support/test-app";

const VNU_JAR = path.join(
  path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")),
  "build/dist/vnu.jar",
);

/**
 * Messages that are the checker's, not the page's: CSS the checker's parser does not know yet
 * and every supported browser does.
 */
const CSS_FALSE_POSITIVES: readonly { rule: RegExp; why: string }[] = [
  {
    rule: /^CSS: Unrecognized at-rule “@property”/,
    why: "registered custom properties, which Tailwind 4 declares for its utilities",
  },
  {
    rule: /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value\./,
    why: "a custom property is a valid transition-property (CSS Transitions: <custom-ident>)",
  },
  {
    rule: /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\./,
    why: "Tailwind tests for it inside @supports; browsers without it skip the block",
  },
];

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

const exec = promisify(execFile);

async function validate(dir: string): Promise<VnuMessage[]> {
  // vnu exits 1 when it finds errors; its JSON report is on stderr either way.
  const run = await exec("java", ["-jar", VNU_JAR, "--format", "json", "--errors-only", dir], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
  const report = JSON.parse(run.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
  return report.messages.filter(
    (m) => m.type === "error" && !CSS_FALSE_POSITIVES.some((f) => f.rule.test(m.message)),
  );
}

describe("public pages through the W3C validator", () => {
  let store: PageTestStore;
  let dir: string;

  beforeAll(async () => {
    store = await createPageTestStore("sqlite");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-pages-"));
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("finds 0 errors on every public page", { timeout: 240_000 }, async () => {
    const added = await request(store, "POST", "/api/cart", SAMPLE_ITEM, {
      "x-forwarded-for": "10.46.0.1",
    });
    const cart = (added.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const pages: [string, Record<string, string>][] = [
      ...[...PUBLIC_INFO_PATHS, ...EVERY_OFFERED_PATH].map(
        (p): [string, Record<string, string>] => [p, {}],
      ),
      ["/search?q=shutters", {}],
      ["/search?q=xylophone", {}],
      ["/cart", { cookie: cart }],
      ["/checkout", { cookie: cart }],
      ["/account", {}],
    ];
    for (const [page, headers] of pages) {
      const res = await store.app.request(page, { headers });
      expect(res.status, page).toBe(200);
      const name = page.replace(/[^a-z0-9]+/gi, "_") || "home";
      fs.writeFileSync(path.join(dir, `${name}.html`), await res.text());
    }
    const errors = await validate(dir);
    // One line per distinct message, with the first page and line it was seen on.
    const distinct = new Map<string, string>();
    for (const e of errors) {
      if (!distinct.has(e.message)) {
        distinct.set(e.message, `${path.basename(e.url)}:${e.lastLine ?? "?"} ${e.extract ?? ""}`);
      }
    }
    expect([...distinct].map(([message, where]) => `${message} (${where})`)).toEqual([]);
  });
});
