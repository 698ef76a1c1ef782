/**
 * The catalog's descriptions on a Spanish page. A description the owner has not changed since the
 * shipped catalog has a Spanish translation in the storefront catalog (`product.<type>.description`);
 * one he has written himself is shown as he wrote it, like the products' names.
 */
import storefront from "../../domain/i18n/compiled/en/storefront.js";
import type { Language } from "../../domain/i18n/language";
import { PRODUCT_SEEDS, SERVICE_SEEDS } from "../../domain/storefront/catalog";
import { translator } from "./i18n";

function isStorefrontKey(key: string): key is keyof typeof storefront {
  return key in storefront;
}

export function catalogDescriptionIn(
  language: Language,
  type: string,
  description: string,
): string {
  if (language === "en") return description;
  const seed = [...PRODUCT_SEEDS, ...SERVICE_SEEDS].find((s) => s.type === type);
  const key = `product.${type}.description`;
  if (seed?.description !== description || !isStorefrontKey(key)) return description;
  return translator(language, "storefront", storefront)(key);
}
