/**
 * npm run admin:password: sets the admin password. Prompts twice on a terminal (input hidden),
 * or reads the first line of standard input (`echo "…" | npm run admin:password`). Opens the
 * database from the same configuration as the server (and refuses the same mismatches between
 * data folder and database), migrates it, stores only a scrypt hash, and ends every admin session.
 */
import readline from "node:readline";
import { adminPasswordSchema } from "../domain/admin-schema";
import { openStoreDatabase } from "../server/bootstrap";
import { ConfigError, loadConfig } from "../server/config";
import { createLogger } from "../server/logger";
import { setAdminPassword } from "../server/services/admin-auth";

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({
      input: process.stdin,
      output: process.stdout,
      terminal: true,
    });
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    let prompted = false;
    output._writeToOutput = (s: string) => {
      // Show the question once, never the typed characters.
      if (!prompted) {
        process.stdout.write(s);
        prompted = true;
      }
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
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

async function main() {
  const config = loadConfig();
  const parsed = adminPasswordSchema.safeParse(await readPassword());
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Invalid password.");
  // The same checks as the server: never a new, empty database beside an existing store.
  const database = await openStoreDatabase(config, createLogger("warn"));
  try {
    await setAdminPassword(database.db, parsed.data);
  } finally {
    await database.close();
  }
  process.stdout.write("Admin password set. Every admin session has been logged out.\n");
  if (config.adminPassword) {
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
