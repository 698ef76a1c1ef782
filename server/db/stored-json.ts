/** JSON kept in a text column, read back through its schema. */
import type { z } from "zod";

/** The column's value when it parses and matches `schema`; undefined otherwise. */
export function parseStoredJson<S extends z.ZodType>(
  schema: S,
  text: string | null | undefined,
): z.output<S> | undefined {
  if (!text) return undefined;
  try {
    return schema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}
