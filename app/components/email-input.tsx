/**
 * An email field of a conform form, labelled, with its message under it: the account's sign-in
 * form, a saved project's "Email me this link" and the cart's "Save as a project" share it.
 */
import { type FieldMetadata, getInputProps } from "@conform-to/react";

export function EmailInput({ field, label }: { field: FieldMetadata<string>; label: string }) {
  const error = field.errors?.[0];
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <input
        {...getInputProps(field, { type: "email" })}
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        className="field"
        placeholder="name@example.com"
      />
      {error ? (
        <p id={field.errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
