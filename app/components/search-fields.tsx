import shared from "../../domain/i18n/compiled/en/shared.js";
import { useT } from "../lib/i18n";

/**
 * The store's search box and its button, inside a GET form to /search (the header's panel,
 * And the /search page, decision 244): one field "q", labelled "Search the store".
 */
export function SearchFields({
  id,
  placeholder,
  defaultValue,
  maxLength,
}: {
  id: string;
  placeholder: string;
  defaultValue?: string;
  maxLength?: number;
}) {
  const t = useT("shared", shared);
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t("search.field")}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        required
        defaultValue={defaultValue}
        maxLength={maxLength}
        placeholder={placeholder}
        className="field flex-1"
      />
      <button type="submit" className="btn-primary">
        {t("search.button")}
      </button>
    </>
  );
}
