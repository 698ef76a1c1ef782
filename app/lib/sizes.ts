/** Sizes in the page's language ('36 3/8"' or "36 ⅜ pulg."). */
import { inchesIn, sizeIn } from "../../domain/i18n/sizes";
import { useLanguage } from "./i18n";

export function useInches(): (inches: number) => string {
  const language = useLanguage();
  return (inches) => inchesIn(language, inches);
}

export function useSize(): (width: number, height: number) => string {
  const language = useLanguage();
  return (width, height) => sizeIn(language, width, height);
}
