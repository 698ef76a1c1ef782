/**
 * The back office's note of a customer who reads the store in another language than English
 * ("Language: Spanish"): the emails, texts and PDFs they get are in it. Nothing for English.
 */
import { LANGUAGE_NAME, type Language } from "../../../domain/i18n/language";

export function CustomerLanguage({ language }: { language: Language }) {
  if (language === "en") return null;
  return (
    <p className="text-sm font-medium" data-testid="customer-language">
      Language: {LANGUAGE_NAME[language]}
    </p>
  );
}
