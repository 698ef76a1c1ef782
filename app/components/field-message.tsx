/** A field's message under it, named `${id}-error` (the field's aria-describedby: fieldA11y). */
export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;
}
