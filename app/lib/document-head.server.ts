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
 * A whole document without the head's hints (a page rendered at once, entry.server.tsx): the
 * hints are found in the bytes and cut out, nothing decoded. The head holds the 51 KB inline
 * stylesheet: decoding it, searching it as a string and encoding it again cost 1.5 % of a
 * cart's CPU. Same cuts as MODULE_PRELOAD: from the tag's start to its first `>`.
 */
const HEAD_END_BYTES = Buffer.from(HEAD_END);
const MODULE_PRELOAD_BYTES = Buffer.from('<link rel="modulepreload"');
const TAG_END = 0x3e; // ">"

export function documentBytesWithoutModulePreloads(
  document: Buffer<ArrayBuffer>,
): Buffer<ArrayBuffer> {
  const end = document.indexOf(HEAD_END_BYTES);
  const headEnd = end === -1 ? document.length : end;
  const kept: Buffer<ArrayBuffer>[] = [];
  let from = 0;
  for (let at = document.indexOf(MODULE_PRELOAD_BYTES); at !== -1 && at < headEnd; ) {
    const close = document.indexOf(TAG_END, at);
    if (close === -1 || close >= headEnd) break;
    kept.push(document.subarray(from, at));
    from = close + 1;
    at = document.indexOf(MODULE_PRELOAD_BYTES, from);
  }
  if (from === 0) return document;
  kept.push(document.subarray(from));
  return Buffer.concat(kept);
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
