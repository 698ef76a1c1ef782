import { FieldMessage } from "../field-message";

export { FieldMessage };

/** Labelled inputs of the checkout form, with the message under a field the schema refused. */
export function TextField({
  name,
  label,
  type = "text",
  autoComplete,
  required = true,
  defaultValue,
  error,
  inputMode,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  error?: string;
  inputMode?: "numeric" | "tel" | "email" | "text";
}) {
  const id = `checkout-${name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-muted"> (optional)</span>
        )}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        defaultValue={defaultValue}
        className={`field ${error ? "border-danger" : ""}`}
      />
      <FieldMessage id={id} error={error} />
    </div>
  );
}
