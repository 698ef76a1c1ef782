/**
 * zod fields that several input schemas build alike: a date, a clock time, optional text. Each
 * message names the field as the schema's wire name, so the forms can label it.
 */
import { z } from "zod";
import { isClockTime, isIsoDate } from "../scheduling/visit-time";

export const dateField = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .refine(isIsoDate, `${name} must be a date (YYYY-MM-DD)`);

export const timeField = (name: string) =>
  z
    .string({ error: `${name} must be a time (HH:MM)` })
    .refine(isClockTime, `${name} must be a time (HH:MM, 24-hour)`);

/** Empty text, null or absent → null; otherwise trimmed text of at most `max` characters. */
export const optionalText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
