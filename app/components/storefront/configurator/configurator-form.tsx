import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * The form around every configurator: it posts to the page's action without
 * JavaScript; with it, adding goes through the API (`onAdd`) while editing a cart line still
 * posts (the action swaps the line), unless the choices cannot be saved yet. The phone's sticky
 * bar submits it through `form="configurator"`.
 */
export function ConfiguratorForm({
  label,
  editing,
  canSave,
  onAdd,
  className,
  children,
}: {
  label: string;
  /** The cart line being edited, or null when adding. */
  editing: string | null;
  canSave: boolean;
  onAdd: () => Promise<void>;
  /** The margin above; the two-column layout is the same for every configurator. */
  className: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      reloadDocument
      id="configurator"
      aria-label={label}
      onSubmit={(e) => {
        if (editing) {
          if (!canSave) e.preventDefault();
          return;
        }
        e.preventDefault();
        void onAdd();
      }}
      className={`${className} flex flex-col gap-8 lg:grid lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-x-12 lg:gap-y-6`}
    >
      {editing ? <input type="hidden" name="replace" value={editing} /> : null}
      {children}
    </Form>
  );
}

/** Why the item was not added, when the refusal names no field (say, a sold-out fabric). */
export function ConfiguratorError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="rounded-lg border border-danger p-4 font-medium text-danger">
      {message}
    </p>
  ) : null;
}
