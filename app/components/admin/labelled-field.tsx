import type { ReactNode } from "react";
import { FieldMessage } from "../field-message";

/** A back-office field: its label, the control (given), and its error under it (`${id}-error`). */
export function LabelledField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      <FieldMessage id={id} error={error} />
    </div>
  );
}
