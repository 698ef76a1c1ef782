/**
 * Finds English left on a Spanish page: the words of every English catalog
 * (domain/i18n/messages/en/*.json) whose Spanish translation differs, looked for as whole words in
 * a page's visible text (its title, description, text, and the alt, aria-label, placeholder and
 * title attributes a person hears or reads). The ICU arguments ({name}, {count, plural, …}) are
 * cut out of each message: what is looked for is the literal English around them.
 */
import { readCatalogs } from "../../scripts/compile-messages";

/** Literal pieces of an ICU message, its arguments (nested braces included) cut out. */
function literalPieces(message: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of message) {
    if (char === "{") {
      if (depth === 0) pieces.push(current);
      current = depth === 0 ? "" : current;
      depth++;
    } else if (char === "}") {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      current += char;
    }
  }
  pieces.push(current);
  return pieces
    .map((p) =>
      p
        .replace(/\s+/g, " ")
        .trim()
        .replace(/^[\s,.:;·–—-]+|[\s,.:;·–—-]+$/g, ""),
    )
    .filter((p) => (p.match(/\p{L}/gu) ?? []).length >= 3);
}

export interface EnglishPhrase {
  namespace: string;
  key: string;
  phrase: string;
}

/** Every English phrase that the Spanish catalogs translate differently. */
export function englishPhrases(): EnglishPhrase[] {
  const english = readCatalogs("en");
  const spanish = readCatalogs("es");
  const phrases: EnglishPhrase[] = [];
  for (const [namespace, messages] of english) {
    const translated = spanish.get(namespace) ?? {};
    for (const [key, message] of Object.entries(messages)) {
      if (translated[key] === message) continue;
      const spanishPieces = new Set(literalPieces(translated[key] ?? ""));
      for (const phrase of literalPieces(message)) {
        if (!spanishPieces.has(phrase)) phrases.push({ namespace, key, phrase });
      }
    }
  }
  return phrases;
}

function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

/** What a person reads or hears of a server-rendered page. */
export function visibleText(html: string): string {
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "";
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html;
  const attributes = [...body.matchAll(/\s(?:alt|aria-label|placeholder|title)="([^"]*)"/g)].map(
    (m) => m[1] ?? "",
  );
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<template[\s\S]*?<\/template>/g, " ")
    .replace(/<[^>]+>/g, " ");
  return decode([title, description, ...attributes, text].join("\n")).replace(/[ \t]+/g, " ");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The English phrases found in a page's visible text, once the words allowed in both languages
 * (the owner's product, fabric and colour names, the business's name and place) are taken out.
 */
export function untranslatedPhrases(
  text: string,
  phrases: readonly EnglishPhrase[],
  allowed: readonly string[],
): EnglishPhrase[] {
  let rest = text;
  for (const name of [...allowed].sort((a, b) => b.length - a.length)) {
    if (name.trim()) rest = rest.split(name).join(" ");
  }
  return phrases.filter(({ phrase }) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, "u").test(rest),
  );
}

/** Catalog keys shown instead of their words ("footer.faq"): a component that forgot `t()`. */
export function catalogKeysShown(text: string): string[] {
  // Dotted names only ("cart.title"), as whole words: a key such as `hello` is also a word.
  const keys = [...readCatalogs("en").values()]
    .flatMap((messages) => Object.keys(messages))
    .filter((key) => key.includes("."));
  return keys.filter((key) =>
    new RegExp(`(^|[^\\w.])${key.replaceAll(".", "\\.")}($|[^\\w.])`).test(text),
  );
}
