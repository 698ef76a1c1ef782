/**
 * The store's search: products, pages and answers found by their words and by
 * the words shoppers use for them ("shades", "verticals", "louvers", "swatches"). Pure: the
 * /search page builds the documents from the catalog and the business facts and ranks them
 * here, on the server, so it works without JavaScript.
 */

import {
  ZEBRA_CONTROL_LABELS,
  ZEBRA_CONTROL_TYPES,
  type ZebraCollection,
  type ZebraControlType,
  zebraLightControl,
} from "./zebra";

export type SearchKind = "product" | "fabric" | "option" | "page" | "answer";

export interface SearchDocument {
  kind: SearchKind;
  title: string;
  path: string;
  /** The line shown under the title. */
  summary: string;
  /** Words that find it besides its title and summary. */
  keywords?: readonly string[];
}

export interface SearchHit extends SearchDocument {
  score: number;
}

/**
 * Each group's words find each other (after the light stemming below). The Spanish words a
 * shopper types on /es/search (written without accents: tokenize drops them) sit in the groups of
 * their English meaning, so "cortinas cebra" finds what "zebra shades" finds.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  [
    "shade",
    "zebra",
    "dual",
    "layered",
    "banded",
    "sheer",
    "roller",
    "cebra",
    "cortina",
    "enrollable",
  ],
  ["vertical", "verticals", "vane", "patio", "slider", "verticales", "lama", "corrediza"],
  ["louver", "louvre", "plantation", "shutter", "contraventana", "postigo", "plantacion"],
  ["bypass", "sliding", "slide", "deslizante"],
  ["vinyl", "pvc", "plastic", "vinilo", "plastico"],
  ["aluminum", "aluminium", "metal", "mini", "venetian", "horizontal", "aluminio", "veneciana"],
  ["fabric", "cloth", "textile", "linen", "tela", "textil", "lino"],
  ["motor", "motorized", "remote", "smart", "automatic", "motorizada", "remoto", "inteligente"],
  ["blackout", "darkening", "dark", "opaque", "dim", "opaca", "oscurece", "oscuridad"],
  ["cordless", "cord", "wand", "control", "cordon", "varilla"],
  [
    "track",
    "rail",
    "headrail",
    "carrier",
    "repair",
    "broken",
    "riel",
    "rieles",
    "repuesto",
    "reparacion",
  ],
  ["sample", "swatch", "color", "muestra"],
  [
    "estimate",
    "consultation",
    "appointment",
    "measure",
    "measuring",
    "visit",
    "presupuesto",
    "cita",
    "medir",
    "medida",
    "medicion",
    "visita",
  ],
  ["install", "installation", "installer", "installed", "instalacion", "instalar", "instalador"],
  ["warranty", "guarantee", "lifetime", "garantia"],
  ["return", "refund", "exchange", "cancel", "devolucion", "reembolso", "cambio", "cancelar"],
  ["price", "cost", "pricing", "quote", "cheap", "calculator", "precio", "costo", "cotizacion"],
  ["clean", "cleaning", "care", "maintenance", "dust", "limpiar", "limpieza", "mantenimiento"],
  ["ship", "shipping", "delivery", "deliver", "envio", "entrega"],
  [
    "contact",
    "phone",
    "call",
    "email",
    "hour",
    "address",
    "contacto",
    "telefono",
    "llamar",
    "correo",
  ],
  ["blind", "blinds", "window", "covering", "treatment", "persiana", "ventana"],
];

/** "Shades" → "shade", "louvers" → "louver", "blinds" stays a word of its group. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ch|sh|x)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  return w;
}

const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "are",
  "do",
  "for",
  "how",
  "i",
  "in",
  "is",
  "it",
  "my",
  "of",
  "on",
  "or",
  "the",
  "to",
  "what",
  "you",
  "your",
  "can",
  "with",
  // Spanish
  "de",
  "del",
  "el",
  "la",
  "los",
  "las",
  "un",
  "una",
  "para",
  "con",
  "sin",
  "en",
  "mi",
  "que",
  "como",
  "por",
]);

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
    .map(stem);
}

const GROUP_OF = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS) {
  const stems = group.map(stem);
  for (const s of stems) GROUP_OF.set(s, [...new Set([...(GROUP_OF.get(s) ?? []), ...stems])]);
}

/** A query word and the words that mean the same. */
export function expand(word: string): readonly string[] {
  return GROUP_OF.get(word) ?? [word];
}

/**
 * Products and fabrics (and their options) first, then pages, then
 * answers, each group by score; so a page (let alone a personal one) never outranks a product.
 */
const KIND_RANK: Record<SearchKind, number> = {
  product: 0,
  fabric: 0,
  option: 0,
  page: 1,
  answer: 2,
};
const KIND_BONUS: Record<SearchKind, number> = {
  product: 3,
  fabric: 2,
  option: 1,
  page: 1,
  answer: 0,
};
export const MAX_QUERY_LENGTH = 100;
export const MAX_RESULTS = 20;

/**
 * Documents matching the query, best first. A document must match every query word (itself or a
 * word that means the same); a word found in the title counts most, then the keywords, then
 * the summary. Blank or stop-word-only queries find nothing.
 */
export function searchDocuments(docs: readonly SearchDocument[], query: string): SearchHit[] {
  const words = [...new Set(tokenize(query.slice(0, MAX_QUERY_LENGTH)))].slice(0, 8);
  if (words.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const doc of docs) {
    const title = new Set(tokenize(doc.title));
    const keywords = new Set(tokenize((doc.keywords ?? []).join(" ")));
    const summary = new Set(tokenize(doc.summary));
    let score = 0;
    let matchedAll = true;
    for (const word of words) {
      let best = 0;
      for (const w of expand(word)) {
        const exact = w === word ? 1 : 0.8;
        if (title.has(w)) best = Math.max(best, 10 * exact);
        else if (keywords.has(w)) best = Math.max(best, 6 * exact);
        else if (summary.has(w)) best = Math.max(best, 2 * exact);
        else if (word.length >= 4 && [...title].some((t) => t.startsWith(word)))
          best = Math.max(best, 5);
      }
      if (best === 0) {
        matchedAll = false;
        break;
      }
      score += best;
    }
    if (matchedAll) hits.push({ ...doc, score: score + KIND_BONUS[doc.kind] });
  }
  return hits
    .sort(
      (a, b) =>
        KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
        b.score - a.score ||
        a.title.localeCompare(b.title),
    )
    .slice(0, MAX_RESULTS);
}

/** Words that find each product type besides its name and description. */
export const PRODUCT_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  vinyl: ["vertical blinds", "patio door", "sliding door", "pvc"],
  fabric: ["vertical blinds", "soft", "textile", "patio door"],
  aluminum: ["mini blinds", "horizontal", "venetian", "metal"],
  "standard-shutters": ["plantation shutters", "louvers", "panels", "hinged", "wood look"],
  "bypass-shutters": ["plantation shutters", "louvers", "sliding door", "patio door", "bypass"],
  "zebra-shades": [
    "shades",
    "dual layer",
    "roller",
    "motorized",
    "light filtering",
    "room darkening",
  ],
  "track-replacement": ["head rail", "track", "repair", "vertical blinds", "carriers", "broken"],
};

const CONTROL_WORDS: Record<ZebraControlType, string> = {
  cordless: "No cords to pull: lift and lower by hand; safe with children and pets.",
  "continuous-cord":
    "A cord loop on the side held taut by a tension device fixed to the wall, for tall or wide shades.",
  motorized: "A motor with a remote; a smart-home hub or a battery wand if you like.",
};

/**
 * The zebra shades' collections, fabrics and controls as documents: "blackout" finds the room
 * darkening fabrics, "cordless" and "motorized" the controls, all on the zebra page.
 */
export function zebraDocuments(
  collections: readonly ZebraCollection[],
  zebraPath: string,
): SearchDocument[] {
  const docs: SearchDocument[] = [];
  for (const c of collections) {
    const sold = c.fabrics.filter((f) => f.active !== false);
    if (sold.length === 0) continue;
    const light = zebraLightControl(c.slug);
    docs.push({
      kind: "fabric",
      title: `${c.name} zebra fabrics`,
      path: zebraPath,
      summary: `${light}. ${sold.map((f) => f.name).join(", ")}.`,
      keywords: ["zebra shades", light],
    });
    for (const f of sold) {
      docs.push({
        kind: "fabric",
        title: `${f.name} (${c.name})`,
        path: zebraPath,
        summary: `${light} zebra shade fabric, code ${f.code}.`,
        keywords: ["zebra shades", "fabric", light],
      });
    }
  }
  for (const control of ZEBRA_CONTROL_TYPES) {
    docs.push({
      kind: "option",
      title: `${ZEBRA_CONTROL_LABELS[control]} control (zebra shades)`,
      path: zebraPath,
      summary: CONTROL_WORDS[control],
      keywords: ["zebra shades", "control", "option"],
    });
  }
  return docs;
}

/** The store's own pages as search documents (products come from the catalog). */
export function pageDocuments(facts: {
  county: string;
  phone: string;
  warrantyLine: string;
}): SearchDocument[] {
  return [
    {
      kind: "page",
      title: "Free Samples",
      path: "/samples",
      summary: "Up to five color and fabric samples, free, mailed in Lee County.",
      keywords: ["swatches", "colors", "fabrics", "free"],
    },
    {
      kind: "page",
      title: "Free In-Home Estimate",
      path: "/estimate",
      summary: `We measure every window and price the job at your home in ${facts.county}.`,
      keywords: ["measure", "consultation", "appointment", "quote", "visit", "free"],
    },
    {
      kind: "page",
      title: "Professional Installation",
      path: "/#installation",
      summary: "Measured on site, installed by our technicians; prices by width.",
      keywords: ["installer", "install", "price"],
    },
    {
      kind: "page",
      title: "Contact Us",
      path: "/contact",
      summary: `Call ${facts.phone} or send us a message.`,
      keywords: ["phone", "email", "hours", "address", "call"],
    },
    {
      kind: "page",
      title: "Warranty",
      path: "/warranty",
      summary: facts.warrantyLine,
      keywords: ["guarantee", "lifetime", "labor"],
    },
    {
      kind: "page",
      title: "Returns",
      path: "/returns",
      summary: "What can be returned, and how refunds work for made-to-measure products.",
      keywords: ["refund", "exchange", "cancel"],
    },
    {
      kind: "page",
      title: "Maintenance Tips",
      path: "/maintenance-tips",
      summary: "How to clean and care for blinds, shades and shutters.",
      keywords: ["cleaning", "care", "dust"],
    },
    {
      kind: "page",
      title: "Frequently Asked Questions",
      path: "/faq",
      summary: "Ordering, installation, products, shipping, warranty and returns.",
      keywords: ["faq", "questions", "help", "shipping", "delivery"],
    },
    {
      kind: "page",
      title: "Measuring Guide",
      path: "/faq#measurement-guide",
      summary: "How to measure for inside and outside mount, to the 1/8 inch.",
      keywords: ["measure", "measuring", "size", "inside mount", "outside mount"],
    },
  ];
}
