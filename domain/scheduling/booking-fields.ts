/**
 * The booking form's limits and words, free of zod: the pages show them with the
 * form and load the schemas (booking-schema.ts, which re-exports these) on the form's first use.
 */
export const BOOKING_NOTE_MAX = 500;
export const TIME_OFF_MAX = 60;
export const RANGES_PER_DAY_MAX = 4;
export const ON_MY_WAY_MINUTES = [15, 30, 45, 60] as const;

/** The words shown beside the texts box; stored with every consent. */
export const TEXT_CONSENT_WORDS =
  "Text me about my appointments (reminders and “on my way”). Message and data rates may apply. Reply STOP to stop.";
export const TEXT_CONSENT_LABEL = "Text me about my appointments";
