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
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Search the store
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
        Search
      </button>
    </>
  );
}
