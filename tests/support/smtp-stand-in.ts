/**
 * An SMTP server for tests (smtp-server, in-process, on a free port of 127.0.0.1) that checks
 * what a real submission service checks before it takes a message, and records what it took:
 * - AUTH, when `auth` is given: no MAIL FROM before a login with that user and password (over
 *   the plain connection: there is no STARTTLS here);
 * - the envelope sender: one of `senders`, when given (a relay sends only as its own domain);
 * - each recipient: an address with a local part and a domain, and none of `refuse` (those get
 *   550, as a mailbox that does not exist);
 * - the size: SIZE advertised (`maxBytes`, default 10 MB) and a longer message refused (552);
 * - the data: a message with no From header or no blank line after its headers is refused (554).
 * `received` holds each accepted message's envelope and raw data; `refused` each refusal's reply.
 * `close()` ends open connections and the listener.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";

export interface ReceivedMessage {
  from: string;
  to: string[];
  /** The user the connection logged in as, when AUTH was used. */
  user: string | null;
  /** The raw message as it arrived (headers and body, CRLF line breaks). */
  data: string;
  bytes: number;
}

export interface SmtpStandIn {
  port: number;
  /** smtp://[user:pass@]127.0.0.1:port, as SMTP_URL. */
  url: string;
  received: ReceivedMessage[];
  /** Each refusal: what was refused and why (the reply's text). */
  refused: string[];
  /** Connections opened so far. */
  connections(): number;
  close(): Promise<void>;
}

export interface SmtpStandInOptions {
  auth?: { user: string; pass: string };
  senders?: readonly string[];
  refuse?: readonly string[];
  maxBytes?: number;
}

function refusal(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function startSmtpStandIn(options: SmtpStandInOptions = {}): Promise<SmtpStandIn> {
  const { auth } = options;
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const received: ReceivedMessage[] = [];
  const refused: string[] = [];
  let connections = 0;
  const refuse = (code: number, message: string) => {
    refused.push(message);
    return refusal(code, message);
  };

  const server = new SMTPServer({
    disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !auth,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    size: maxBytes,
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.pass) {
        callback(null, { user: login.username });
      } else {
        callback(refuse(535, `authentication failed for ${login.username}`));
      }
    },
    // Without a login smtp-server itself answers MAIL FROM with 530 (authOptional is false).
    onMailFrom(address: SMTPServerAddress, _session, callback) {
      if (options.senders && !options.senders.includes(address.address)) {
        return callback(refuse(553, `sender ${address.address} not allowed`));
      }
      callback();
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (!ADDRESS.test(address.address)) {
        return callback(refuse(553, `recipient ${address.address} is not an address`));
      }
      if (options.refuse?.includes(address.address)) {
        return callback(refuse(550, `mailbox ${address.address} unavailable`));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (stream.sizeExceeded) return callback(refuse(552, "message exceeds the size limit"));
        const data = Buffer.concat(chunks).toString("utf8");
        const head = data.split("\r\n\r\n")[0] ?? "";
        if (!data.includes("\r\n\r\n") || !/^From: /im.test(head)) {
          return callback(refuse(554, "message has no From header or no header block"));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === "string" ? session.user : null,
          data,
          bytes: Buffer.byteLength(data),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = auth
    ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@`
    : "";
  return {
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    refused,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
