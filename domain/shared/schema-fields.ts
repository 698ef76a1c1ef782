/**
 * zod fields that several input schemas build alike: a date, a clock time, optional text. Each
 * message names the field as the schema's wire name, so the forms can label it.
 */
import { z } from "zod";
import { isClockTime, isIsoDate } from "../scheduling/visit-time";
import { amountToCents } from "./money";

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

/** Dollars with at most 2 decimals, from `min` to `max` → cents. */
export const dollarsField = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number of dollars` })
    .refine(
      (v) => Number.isFinite(v) && v >= min && v <= max,
      `${name} must be between ${min.toFixed(2)} and ${max.toFixed(2)} dollars`,
    )
    .refine((v) => Number.isInteger(Math.round(v * 1e6) / 1e4), `${name} must be whole cents`)
    .transform((v) => amountToCents(v));

/** A percent from 0 to `max` with at most 2 decimals (5, 2.5) → basis points. */
export const percentField = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a percent` })
    .refine(
      (v) => Number.isFinite(v) && v >= 0 && v <= max,
      `${name} must be a percent from 0 to ${max}`,
    )
    .refine(
      (v) => Number.isInteger(Math.round(v * 1e6) / 1e4),
      `${name} must have at most 2 decimals`,
    )
    .transform((v) => Math.round(v * 100));
