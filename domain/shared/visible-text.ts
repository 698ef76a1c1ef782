/**
 * Names must show something: a name made only of invisible characters (zero-width spaces and
 * joiners, bidi controls, soft hyphens, fillers, lone combining marks, blanks) passes `.trim()`
 * and a length check, then prints as nothing on an order, an email or the review wall.
 */

/**
 * Characters that draw nothing by themselves: controls and format characters (Cc, Cf: zero-width
 * space/joiners, LRM/RLM, bidi embeddings and isolates, word joiner, BOM, soft hyphen …),
 * separators and white space, combining marks without a base, and the Hangul and Braille blanks.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\s\p{M}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** True when `value` has at least one character a reader can see. */
export function hasVisibleText(value: string): boolean {
  return value.replace(INVISIBLE, "").length > 0;
}

/** The refusal message for a name of `label` with nothing visible in it. */
export function invisibleNameMessage(label: string): string {
  return `${label} must contain visible letters, not only invisible characters`;
}
