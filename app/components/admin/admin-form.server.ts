/** Reading the back office's form fields (validation goes through the shared parseInput). */

/** A form field as text ("" when missing). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** An optional number field: undefined when blank. */
export function numberField(form: FormData, name: string): number | undefined {
  const text = field(form, name).trim();
  return text === "" ? undefined : Number(text);
}
