/**
 * What an inbound text asks of the store (decision 550): a keyword is the whole message,
 * case-insensitive, trimmed, with surrounding punctuation ignored. "cancel my visit" is a
 * message, not an opt-out. The answers are short and carry the store's name and phone only.
 */
import { z } from "zod";

export const STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
export const START_WORDS = ["START", "UNSTOP"] as const;
export const HELP_WORDS = ["HELP"] as const;

export type TextKeyword = "stop" | "start" | "help";

const KEYWORDS = new Map<string, TextKeyword>([
  ...STOP_WORDS.map((w) => [w, "stop"] as const),
  ...START_WORDS.map((w) => [w, "start"] as const),
  ...HELP_WORDS.map((w) => [w, "help"] as const),
]);

/** The keyword a message is, or null when it is a message for the inbox. */
export function keywordOf(body: string): TextKeyword | null {
  // Letters only between the first and last letter; punctuation and spaces around are dropped.
  const word = body
    .trim()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")
    .toUpperCase();
  return KEYWORDS.get(word) ?? null;
}

export interface StoreContact {
  name: string;
  phone: string;
}

export function helpAnswer(store: StoreContact): string {
  return `${store.name}: for help call ${store.phone}. Reply STOP to stop texts, START to resume.`;
}

export function stopAnswer(store: StoreContact): string {
  return `${store.name}: you will get no more texts from us. Reply START to resume.`;
}

export function startAnswer(store: StoreContact): string {
  return `${store.name}: texts about your appointments are back on. Reply STOP to stop, HELP for help.`;
}

/** The inbound webhook's fields as Twilio posts them (the ones the store reads). */
export const inboundTextSchema = z.object({
  From: z.string().trim().min(1, "From is required").max(32),
  To: z.string().trim().max(32).optional(),
  Body: z.string().max(2000).default(""),
  MessageSid: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}[0-9a-fA-F]{32}$/, "MessageSid must be Twilio's message id"),
  NumMedia: z.coerce.number().int().min(0).max(10).default(0),
});
export type InboundText = z.infer<typeof inboundTextSchema>;

/** A staff reply: what a text may carry (two SMS segments). */
export const textReplySchema = z.object({
  body: z
    .string({ error: "Write the reply." })
    .trim()
    .min(1, "Write the reply.")
    .max(320, "A text holds at most 320 characters."),
});
export type TextReplyInput = z.infer<typeof textReplySchema>;
