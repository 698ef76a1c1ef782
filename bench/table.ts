/** A Markdown table on standard output: the benches print their figures this way. */
export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  process.stdout.write(`${line(header)}\n`);
  process.stdout.write(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}
