import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  documentBytesWithoutModulePreloads,
  documentWithoutModulePreloads,
} from "./document-head.server";

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/cart-b.js" nonce="n1"/>' +
  '<link rel="icon" href="/favicon.svg"/><title>Cart – Blinds ✓</title></head>';
const BODY =
  '<body><h1>Shopping Cart — 1 item</h1><script type="module">import("/assets/entry.client-a.js");</script></body></html>';
const EXPECTED =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="icon" href="/favicon.svg"/><title>Cart – Blinds ✓</title></head>' +
  BODY;

/** The document cut into chunks of `size` bytes (mid-tag and mid-character cuts included). */
async function through(document: string, size: number): Promise<string> {
  const bytes = Buffer.from(document, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return text(Readable.from(chunks).pipe(documentWithoutModulePreloads()));
}

describe("documentWithoutModulePreloads", () => {
  it.each([1, 3, 7, 64, 100_000])("drops the head's hints, chunks of %i bytes", async (size) => {
    expect(await through(HEAD + BODY, size)).toBe(EXPECTED);
  });

  it("keeps a document without a head end as it came, but for the hints", async () => {
    expect(await through('<p>é</p><link rel="modulepreload" href="/x.js"/>', 2)).toBe("<p>é</p>");
  });

  it("leaves the body alone: the module script still imports the entry", async () => {
    const out = await through(HEAD + BODY, 5);
    expect(out).toContain('import("/assets/entry.client-a.js")');
    expect(out).not.toContain("modulepreload");
  });
});

describe("documentBytesWithoutModulePreloads", () => {
  const whole = (document: string) =>
    documentBytesWithoutModulePreloads(Buffer.from(document, "utf8")).toString("utf8");

  it("cuts the same hints as the stream, and only in the head", async () => {
    const late = '<link rel="modulepreload" href="/late.js"/>';
    for (const document of [HEAD + BODY, HEAD + late + BODY, HEAD.replace("</head>", "") + BODY]) {
      expect(whole(document)).toBe(await through(document, 7));
    }
    expect(whole(HEAD + BODY)).toBe(EXPECTED);
    expect(whole(HEAD + late)).toContain(late);
  });

  it("gives back the very buffer when there is nothing to cut", () => {
    const document = Buffer.from(EXPECTED, "utf8");
    expect(documentBytesWithoutModulePreloads(document)).toBe(document);
  });
});
