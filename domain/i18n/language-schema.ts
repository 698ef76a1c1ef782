/**
 * The `language` field of the customer's inputs (POST /api/cart, /api/orders, /api/booking,
 * /api/account/link at the top level, a quote's `customer.language`): "en" or "es".
 */
import { z } from "zod";
import { LANGUAGES, type Language } from "./language";

const LANGUAGE_MESSAGE = `language must be "en" (English) or "es" (Spanish)`;

/** A language the customer may leave out; callers decide what absent means. */
export const optionalLanguageSchema = z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE }).optional();

/** A language that reads as English when absent. */
export const languageSchema = optionalLanguageSchema.transform((value): Language => value ?? "en");
