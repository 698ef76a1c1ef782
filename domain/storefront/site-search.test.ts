import { describe, expect, it } from "vitest";
import {
  expand,
  pageDocuments,
  type SearchDocument,
  searchDocuments,
  stem,
  tokenize,
} from "./site-search";

const DOCS: SearchDocument[] = [
  {
    kind: "product",
    title: "Standard Plantation Shutters",
    path: "/product/standard-shutters",
    summary: "Hinged panels with adjustable louvers.",
    keywords: ["plantation shutters", "louvers"],
  },
  {
    kind: "product",
    title: "Vinyl Vertical Blinds",
    path: "/product/vinyl",
    summary: "Durable PVC vanes.",
    keywords: ["vertical blinds", "patio door"],
  },
  {
    kind: "product",
    title: "Zebra Shades",
    path: "/zebra-shades",
    summary: "Dual-layer fabric.",
    keywords: ["shades", "roller", "motorized"],
  },
  {
    kind: "product",
    title: "Track Replacement",
    path: "/track-replacement",
    summary: "A new head rail, installed.",
    keywords: ["head rail", "track", "repair"],
  },
  ...pageDocuments({
    county: "Lee County, Florida",
    phone: "(239) 555-0142",
    warrantyLine: "2 years",
  }),
  {
    kind: "answer",
    title: "How long is the warranty?",
    path: "/faq#warranty-returns",
    summary: "Two years on everything we sell.",
  },
];

describe("searchDocuments", () => {
  it.each([
    ["shutters", "/product/standard-shutters"],
    ["louvers", "/product/standard-shutters"],
    ["Plantation", "/product/standard-shutters"],
    ["verticals", "/product/vinyl"],
    ["pvc", "/product/vinyl"],
    ["shades", "/zebra-shades"],
    ["motorized", "/zebra-shades"],
    ["broken rail", "/track-replacement"],
    ["samples", "/samples"],
    ["swatches", "/samples"],
    ["free estimate", "/estimate"],
    ["consultation", "/estimate"],
    ["returns", "/returns"],
    ["measuring guide", "/faq#measurement-guide"],
  ])("%j finds %s first", (q, path) => {
    expect(searchDocuments(DOCS, q)[0]?.path).toBe(path);
  });

  it("finds answers as well as pages", () => {
    const paths = searchDocuments(DOCS, "warranty").map((h) => h.path);
    expect(paths).toContain("/warranty");
    expect(paths).toContain("/faq#warranty-returns");
  });

  it("needs every word, and finds nothing for blank or stop words", () => {
    expect(searchDocuments(DOCS, "shutters zzzz")).toEqual([]);
    expect(searchDocuments(DOCS, "   ")).toEqual([]);
    expect(searchDocuments(DOCS, "the of and")).toEqual([]);
  });
});

describe("words", () => {
  it.each([
    ["shades", "shade"],
    ["louvers", "louver"],
    ["batteries", "battery"],
    ["glass", "glass"],
    ["boxes", "box"],
  ])("stem(%j) = %j", (w, s) => expect(stem(w)).toBe(s));

  it("tokenizes without accents and stop words", () => {
    expect(tokenize("The Café's Shades!")).toEqual(["cafe", "shade"]);
  });

  it("expands a word to its group", () => {
    expect(expand("louver")).toContain("shutter");
    expect(expand("unknownword")).toEqual(["unknownword"]);
  });
});
