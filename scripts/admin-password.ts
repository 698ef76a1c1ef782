/**
 * npm run admin:password [-- --email someone@example.com]: sets the first owner's password
 * (ADMIN_EMAIL, created as an owner when missing), or the password of the staff account with
 * that email. Prompts twice on a terminal (input hidden), or reads the first line of standard
 * input (`echo "…" | npm run admin:password`). Opens the database from the same configuration
 * as the server (and refuses the same mismatches between data folder and database), migrates
 * it, stores only a scrypt hash, and ends that account's sessions.
 */
import readline from "node:readline";
import { Writable } from "node:stream";
import { adminPasswordSchema } from "../domain/people/admin-schema";
import { openStoreDatabase } from "../server/bootstrap";
import { ConfigError, loadConfig } from "../server/config";
import { createLogger } from "../server/logger";
import { setStaffPassword } from "../server/services/people/admin-auth";

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    // The terminal sees the question, never the typed characters: readline writes its echo
    // to an output that goes quiet once the question is out.
    let muted = false;
    const output = new Writable({
      write(chunk, _encoding, done) {
        if (!muted) process.stdout.write(chunk);
        done();
      },
    });
    const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readFirstLine(): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await askHidden("New admin password: ");
  const second = await askHidden("Repeat it: ");
  if (first !== second) throw new Error("The two passwords differ. Nothing was changed.");
  return first;
}

/** The value of `--email x` or `--email=x`, if given. */
function emailArgument(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--email") return argv[i + 1];
    if (arg.startsWith("--email=")) return arg.slice("--email=".length);
  }
  return undefined;
}

async function main() {
  const config = loadConfig();
  const email = emailArgument(process.argv.slice(2));
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new Error("--email must be an email address.");
  }
  const parsed = adminPasswordSchema.safeParse(await readPassword());
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Invalid password.");
  // The same checks as the server: never a new, empty database beside an existing store.
  const database = await openStoreDatabase(config, createLogger("warn"));
  try {
    await setStaffPassword(database.db, email ?? config.adminEmail, parsed.data, {
      owner: email === undefined,
      reason: "npm run admin:password",
    });
  } finally {
    await database.close();
  }
  process.stdout.write(
    `Password of ${email ?? config.adminEmail} set. That account's sessions have been logged out.\n`,
  );
  if (config.adminPassword && email === undefined) {
    process.stdout.write(
      "Note: ADMIN_PASSWORD is set in this environment; the server will use it at its next start.\n",
    );
  }
}

main().catch((error) => {
  const message =
    error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
