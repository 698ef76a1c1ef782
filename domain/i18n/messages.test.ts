import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { COMPILED_DIR, compileCatalogs, readCatalogs } from "../../scripts/compile-messages";

/** The names of a message's ICU arguments, nested ones included. */
function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]): void => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") names.add(token.arg);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        names.add(token.arg);
        for (const item of token.cases) walk(item.tokens);
      }
    }
  };
  walk(parse(message, { strict: true }));
  return [...names].sort();
}

describe("message catalogs", () => {
  const english = readCatalogs("en");
  const spanish = readCatalogs("es");

  it("has a Spanish catalog for every English one, with the same keys", () => {
    expect([...spanish.keys()]).toEqual([...english.keys()]);
    for (const [namespace, source] of english) {
      expect(Object.keys(spanish.get(namespace) ?? {}).sort(), namespace).toEqual(
        Object.keys(source).sort(),
      );
    }
  });

  it("gives every Spanish message the arguments of its English source", () => {
    for (const [namespace, source] of english) {
      const translated = spanish.get(namespace) ?? {};
      for (const [key, message] of Object.entries(source)) {
        const other = translated[key];
        if (other === undefined) continue;
        expect(argumentNames(other), `${namespace}:${key}`).toEqual(argumentNames(message));
      }
    }
  });

  it("keeps the compiled functions in step with the catalogs (run npm run messages)", () => {
    for (const [relative, contents] of compileCatalogs()) {
      const committed = readFileSync(path.join(COMPILED_DIR, relative), "utf8");
      expect(committed, relative).toBe(contents);
    }
  });
});
