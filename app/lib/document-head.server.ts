/**
 * Every document's head without React Router's `<link rel="modulepreload">` hints (decisions
 * 144, 331). React hoists them to the top of the head, so they start every script of the page
 * beside the HTML; on the cart, checkout and the other pages rendered per request they
 * finished before Chrome's first frame, and Lighthouse's simulated slow 4G counted them in
 * the first paint (LCP 2.0–2.7 s). Without them the module script at the end of the body
 * fetches the same scripts after the HTML has been parsed. The page cache stores what this
 * leaves, so cached pages have no hints either.
 */
import { Transform } from "node:stream";

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

function withoutModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, "");
}

/**
 * A whole document without the head's hints (a page rendered at once, entry.server.tsx): only
 * the head is decoded, as latin1 like the stream below; the body's bytes are kept as they are.
 */
export function documentBytesWithoutModulePreloads(
  document: Buffer<ArrayBuffer>,
): Buffer<ArrayBuffer> {
  const end = document.indexOf(HEAD_END);
  const headEnd = end === -1 ? document.length : end;
  const head = document.toString("latin1", 0, headEnd);
  if (!head.includes('rel="modulepreload"')) return document;
  return Buffer.concat([
    Buffer.from(withoutModulePreloads(head), "latin1"),
    document.subarray(headEnd),
  ]);
}

/**
 * Holds the stream until the head is complete, drops the hints there, then passes the rest.
 * The bytes are read as latin1 (one character per byte, so a character split between two
 * chunks is kept as it was): the tags looked for are ASCII.
 */
export function documentWithoutModulePreloads(): Transform {
  let head = "";
  let passing = false;
  const release = () => Buffer.from(withoutModulePreloads(head), "latin1");
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (passing) {
        done(null, chunk);
        return;
      }
      head += chunk.toString("latin1");
      if (!head.includes(HEAD_END)) {
        done();
        return;
      }
      passing = true;
      done(null, release());
    },
    flush(done) {
      done(null, passing ? undefined : release());
    },
  });
}
