/**
 * npm run bench:quotes: sending a 20-item quote with its PDF — render the PDF,
 * lock the quote, queue the email with the PDF attached and record the event — through the
 * quote service on a fresh SQLite store (the path POST /api/admin/quotes/:id/send takes, less
 * HTTP). Each send is of a quote of its own. Ten of the lines offer good / better / best (two
 * alternatives each, decision 570), so the PDF prints thirty tier lines besides. Target: p95 <
 * 300 ms.
 *
 * Options: BENCH_SENDS (default 100).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { quoteCreateSchema } from "../domain/sales/quote-schema";
import { bootstrap } from "../server/bootstrap";
import { loadConfig } from "../server/config";
import type { Mailer } from "../server/email/mailer";
import { createLogger } from "../server/logger";
import { printTable } from "./table";

const SENDS = Number(process.env.BENCH_SENDS || 100);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-quotes-"));
const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: "bench-admin-password" });
const mailer: Mailer = { async send() {}, close() {} };
const { services, close } = await bootstrap(config, createLogger("silent"), { mailer });
const owner = { staffId: 1, role: "owner" as const };
const actor = { label: "Bench", staffId: null };

const rooms = ["Living", "Kitchen", "Dining", "Bedroom", "Office"];
/** The window's other two tiers: the other two of vinyl, fabric and aluminum, same size. */
const tiersFor = (productOf: number, width: number) =>
  [1, 2, 3]
    .filter((id) => id !== productOf)
    .map((productId) => ({
      productId,
      width,
      height: 60,
      selectedColor: "white",
      includeInstallation: true,
    }));
const lines = Array.from({ length: 20 }, (_, n) =>
  n % 3 === 0
    ? {
        productId: 4,
        roomLabel: `${rooms[n % rooms.length]} ${n + 1}`,
        quantity: 1,
        optional: n === 18,
        configuration: {
          width: 30 + n,
          height: 48,
          widthFraction: 0.25,
          heightFraction: 0,
          fabricCollection: "tropic",
          fabric: "palm",
          mountType: "inside",
          controlType: n % 2 ? "motorized" : "cordless",
          motorOptions: { remote: true, smartHome: n % 2 === 1, batteryWand: false },
          valance: true,
          includeInstallation: true,
        },
      }
    : {
        productId: 1 + (n % 3),
        width: 24 + n + 0.375,
        height: 60,
        selectedColor: "white",
        includeInstallation: true,
        quantity: 1 + (n % 2),
        roomLabel: `${rooms[n % rooms.length]} ${n + 1}`,
        optional: false,
      },
);
// Ten lines (every non-zebra line but the last three) offer two alternatives.
let tiered = 0;
const items = lines.map((line) => {
  if (line.productId !== 4 && typeof line.width === "number" && tiered < 10) {
    tiered++;
    return { ...line, alternatives: tiersFor(line.productId, line.width) };
  }
  return line;
});
if (tiered !== 10) throw new Error(`bench: ${tiered} tiered lines, not 10`);
const input = quoteCreateSchema.parse({
  customer: {
    firstName: "Bench",
    lastName: "Customer",
    email: "bench@example.org",
    phone: "(239) 555-0188",
    address: "1 Bench Way",
    city: "Fort Myers",
    zipCode: "33901",
  },
  items,
  discountPercent: 5,
});

const ids: number[] = [];
for (let i = 0; i < SENDS + 5; i++)
  ids.push((await services.quotes.create(input, actor, owner)).id);

const times: number[] = [];
for (const [n, id] of ids.entries()) {
  const started = performance.now();
  await services.quotes.send(id, actor, owner);
  // The first five warm the code paths (JIT, font metrics) and are not counted.
  if (n >= 5) times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
const pdfBytes = (await services.quotes.pdf(ids[0] ?? 0, owner)).pdf.length;
printTable(
  ["operation", "sends", "p50 ms", "p95 ms", "max ms", "PDF bytes", "target"],
  [
    [
      "send a 20-item quote, 10 lines in 3 tiers, with its PDF (SQLite)",
      String(times.length),
      at(0.5).toFixed(1),
      at(0.95).toFixed(1),
      (times.at(-1) ?? 0).toFixed(1),
      String(pdfBytes),
      "p95 < 300 ms",
    ],
  ],
);
await close();
fs.rmSync(dataDir, { recursive: true, force: true });
