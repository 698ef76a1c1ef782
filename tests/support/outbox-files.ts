/** The files a process's file transports wrote: .eml under DATA_DIR/outbox, .txt under DATA_DIR/texts. */
import fs from "node:fs";
import path from "node:path";

/** Every file ending in `ext` in `sub` of each data folder (none where the folder is missing). */
export function filesIn(
  dataDirs: readonly string[],
  sub: "outbox" | "texts",
  ext: string,
): string[] {
  return dataDirs.flatMap((dir) => {
    const folder = path.join(dir, sub);
    return fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((f) => f.endsWith(ext))
          .map((f) => path.join(folder, f))
      : [];
  });
}
