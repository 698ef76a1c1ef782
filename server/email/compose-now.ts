/**
 * An email's bytes composed at once, without streams (decision 415). Nodemailer writes a message
 * through a pipeline of streams (a PassThrough per node, an encoder per part, a last-newline
 * transform), scheduling each step with setImmediate: about 1 ms of CPU for a 10 KB email, most
 * of it the streams' own work. Here the same MIME tree (MailComposer's) is walked in the same
 * order with the same pieces of nodemailer (buildHeaders, getTransferEncoding, its
 * quoted-printable and base64 encoders fed the whole part in one chunk), so the bytes are
 * nodemailer's. A tree this does not cover (raw content, streams, files, URLs, transforms)
 * answers null and goes through nodemailer's own build. email-compose.test.ts compares both
 * byte for byte.
 */
import { Encoder as Base64Encoder } from "nodemailer/lib/base64";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import MimeNode from "nodemailer/lib/mime-node";
import { Encoder as QpEncoder } from "nodemailer/lib/qp";
import { withRandomBytes } from "../random-pool";

/**
 * Nodemailer normalizes a header's name with four regular expressions each time a header is set
 * or read (~30 times an email, ~5 % of composing one); the answer depends on the name alone, so
 * up to 512 names' answers are kept (decision 430). Installed once, on nodemailer's MimeNode.
 */
export function rememberingHeaderKeys(normalize: (this: unknown, key: unknown) => unknown) {
  const known = new Map<string, unknown>();
  return function normalizeHeaderKey(this: unknown, key: unknown): unknown {
    if (typeof key !== "string") return normalize.call(this, key);
    let normalized = known.get(key);
    if (normalized === undefined) {
      normalized = normalize.call(this, key);
      if (known.size < 512) known.set(key, normalized);
    }
    return normalized;
  };
}
const normalizeHeaderKey: unknown = Reflect.get(MimeNode.prototype, "_normalizeHeaderKey");
if (typeof normalizeHeaderKey === "function") {
  const normalize = function (this: unknown, key: unknown): unknown {
    return Reflect.apply(normalizeHeaderKey, this, [key]);
  };
  Reflect.set(MimeNode.prototype, "_normalizeHeaderKey", rememberingHeaderKeys(normalize));
}

/**
 * MailComposer makes a message's text and html nodes without the message's `baseBoundary`, so
 * each draws 8 random bytes of its own that are never used (a node's boundaries use its root's).
 * A child made without one is given its root's (decision 430): the bytes are the same.
 */
const createChild = MimeNode.prototype.createChild;
MimeNode.prototype.createChild = function (
  this: MimeNode,
  contentType: string,
  options?: MimeNode.Options,
) {
  const base = this.rootNode?.baseBoundary;
  if (options && !options.baseBoundary && base) {
    return createChild.call(this, contentType, Object.assign({}, options, { baseBoundary: base }));
  }
  return createChild.call(this, contentType, options);
};

/** Nodemailer's options and its `baseBoundary`, which MailComposer reads but its types omit. */
export type ComposeOptions = Mail.Options & { baseBoundary?: string };

/** Strings and buffers only: what a node streams is known now. */
function plainContent(node: MimeNode): string | Buffer | null | undefined {
  const { content } = node;
  if (content === undefined || content === null || content === "") return null;
  if (typeof content === "string" || Buffer.isBuffer(content)) return content;
  return undefined;
}

function covered(node: MimeNode): boolean {
  if ("_raw" in node && node._raw) return false;
  if (plainContent(node) === undefined) return false;
  return node.childNodes.every(covered);
}

/** Runs one of nodemailer's encoders over the whole content, as its stream would, now. */
function encodeNow(encoder: QpEncoder | Base64Encoder, content: Buffer): Buffer[] {
  const out: Buffer[] = [];
  encoder.push = (chunk: string | Buffer | null) => {
    if (chunk !== null) out.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, "ascii"));
    return true;
  };
  const fail = (error?: Error | null) => {
    if (error) throw error;
  };
  // "buffer": the chunk is a Buffer already, as a stream hands it over (no copy).
  const stream: { _transform(chunk: Buffer, encoding: string, done: typeof fail): void } = encoder;
  stream._transform(content, "buffer", fail);
  encoder._flush(fail);
  return out;
}

function writeNode(node: MimeNode, out: Buffer[]): void {
  // buildHeaders first: it sets the Content-Transfer-Encoding it chose, which getTransferEncoding
  // then reads back instead of scanning the whole text a second time (decision 430).
  out.push(Buffer.from(`${node.buildHeaders()}\r\n\r\n`));
  const transferEncoding = node.getTransferEncoding();
  const content = plainContent(node);
  if (content) {
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
    if (transferEncoding === "base64") out.push(...encodeNow(new Base64Encoder({}), bytes));
    else if (transferEncoding === "quoted-printable") {
      // Outside text a lone CR or LF is data (nodemailer's own rule, mime-node stream()).
      const binary = !/^text\//i.test(node.contentType || "");
      const options = { binary, lineLength: 76 };
      out.push(...encodeNow(new QpEncoder(options), bytes));
    } else out.push(bytes);
  }
  if (!node.multipart) return;
  node.childNodes.forEach((child, i) => {
    out.push(Buffer.from(`${i > 0 ? "\r\n" : ""}--${node.boundary}\r\n`));
    writeNode(child, out);
  });
  out.push(Buffer.from(`\r\n--${node.boundary}--\r\n`));
}

/** The message's bytes as nodemailer's build() gives them, or null when this tree needs it. */
export function composeNow(root: MimeNode): Buffer | null {
  if ("_transforms" in root && Array.isArray(root._transforms) && root._transforms.length > 0) {
    return null;
  }
  if ("_processFuncs" in root && Array.isArray(root._processFuncs) && root._processFuncs.length) {
    return null;
  }
  if (!covered(root)) return null;
  const out: Buffer[] = [];
  writeNode(root, out);
  const message = Buffer.concat(out);
  // Nodemailer's LastNewline: the message ends with a line break.
  const last = message.at(-1);
  if (last === 0x0a) return message;
  return Buffer.concat([message, Buffer.from(last === 0x0d ? "\n" : "\r\n")]);
}

/**
 * The domain nodemailer gives a Message-ID it makes for mail from `from` (the envelope's sender's
 * domain), or undefined where it would fall back to the host's name.
 */
export function messageIdDomain(from: string): string | undefined {
  const sender = new MailComposer({ from }).compile().getEnvelope().from;
  return sender ? sender.split("@").pop() : undefined;
}

/**
 * A fresh Message-ID in nodemailer's own shape (<8-4-4-4-12 hex digits@domain>) and a base
 * boundary (16 hex digits) from the pooled CSPRNG: nodemailer would otherwise call randomBytes
 * five times for the one and once per MIME node for the other (decision 430).
 */
export function freshIds(domain: string): { messageId: string; baseBoundary: string } {
  return withRandomBytes(24, (b) => ({
    messageId: `<${b.toString("hex", 0, 4)}-${b.toString("hex", 4, 6)}-${b.toString("hex", 6, 8)}-${b.toString("hex", 8, 10)}-${b.toString("hex", 10, 16)}@${domain}>`,
    baseBoundary: b.toString("hex", 16, 24),
  }));
}

/** A message's bytes: composed at once when it can be, else by nodemailer's streams. */
export async function composeMessage(message: ComposeOptions): Promise<Buffer> {
  const root = new MailComposer(message).compile();
  return composeNow(root) ?? (await root.build());
}
