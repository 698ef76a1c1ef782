/** A posted form's text field: its text, or undefined when it is absent or a file. */
export function formText(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}
