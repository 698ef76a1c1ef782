/**
 * Forms with conform: ONE zod schema from domain/ checks a form in the browser
 * (conform's `onValidate`, as fields are left and on submit), in the page action and in the API;
 * errors are keyed by field, never read back out of a sentence.
 *
 * - The page action answers a refused form with a `FormFailure` (app/lib/action-errors.server.ts
 *   `formFailure`): the answer's code and message, and conform's `reply` (the field errors and
 *   what was typed) for `useForm`'s `lastResult`. Without JavaScript the page renders from the
 *   same reply, so a plain form post shows the same errors at the same fields.
 * - The component calls `useSchemaForm` and spreads `formProps` on its <Form>; each field takes
 *   its error from `errors[name]` and ties it with `fieldA11y(errors, name)`.
 * - The browser's check (zod, @conform-to/zod: ./form-check.ts) is loaded on the form's first
 *   use, not with the page: a customer page passes its schema as
 *   `() => import(...)`. Until it has arrived a submit goes to the action, which answers field by
 *   field as it does without JavaScript.
 */
import { type SubmissionResult, useForm } from "@conform-to/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { labelFields } from "../../domain/shared/form-messages";
import type { FormCheck } from "./form-check";

/** Field name → its first error, as the form shows it. */
export type FormErrors = Record<string, string>;

/** What a page action answers when it refuses a form (with the answer's HTTP status). */
export interface FormFailure {
  ok: false;
  /** The error code of the answer, e.g. "validation_failed", "outside_service_area". */
  code: string;
  /** The answer's sentence for the whole form. */
  message: string;
  /** True when the fields say it all (the page shows its summary of fields, not the message). */
  fieldsOnly: boolean;
  /** conform's submission result: the errors by field and what was typed. */
  reply: SubmissionResult<string[]>;
}

/** For a form whose fields are flat: "items.0.color" is shown at "items". */
export const topLevelField = (path: string) => path.split(".")[0] ?? path;

export function isFormFailure(value: unknown): value is FormFailure {
  return (
    typeof value === "object" &&
    value !== null &&
    "ok" in value &&
    value.ok === false &&
    "reply" in value &&
    typeof value.reply === "object"
  );
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string");

/** The typed text of a refused form (conform's initial value) as strings and string lists. */
export function replyValues(failure: FormFailure | null | undefined) {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(failure?.reply.initialValue ?? {})) {
    if (typeof v === "string") out[k] = v;
    else if (isStringList(v)) out[k] = v;
  }
  return out;
}

/** One typed text of a refused form (undefined when none, or when it is a list). */
export function typedText(values: Record<string, string | string[]>) {
  return (name: string): string | undefined => {
    const v = values[name];
    return typeof v === "string" ? v : undefined;
  };
}

/** A schema loaded on the form's first use, with the action's form → input function if any. */
export interface LoadedSchema<S> {
  schema: S;
  fromForm?: (form: FormData) => unknown;
}

/** A form's schema: itself (it is in the page's modules anyway), or loaded on first use. */
export type SchemaSource<S> = S | (() => Promise<LoadedSchema<S>>);

const isLoader = <S>(source: SchemaSource<S>): source is () => Promise<LoadedSchema<S>> =>
  typeof source === "function";

/** What starts the loading of a form's check: the person reaching one of its fields or buttons. */
const FIRST_USE_EVENTS = ["focusin", "input", "pointerdown"] as const;

/** True when an event's target is form #id or one of its fields (also one outside it, form=id). */
function isOfForm(target: EventTarget | null, id: string) {
  if (!(target instanceof Element)) return false;
  if (target.closest("form")?.id === id) return true;
  const owner = "form" in target ? target.form : null;
  return owner instanceof HTMLFormElement && owner.id === id;
}

/**
 * conform's `onValidate` for form #id, loaded by `load` on the form's first use (a focus, an
 * input or a press in it), or at once when `now` (the action refused it): undefined until it
 * has arrived. A load that fails is tried again at the next use; meanwhile the action checks.
 */
export function useFirstUseCheck<T>(
  id: string,
  load: () => Promise<FormCheck<T>>,
  now = false,
): FormCheck<T> | undefined {
  const [check, setCheck] = useState<{ run: FormCheck<T> } | null>(null);
  const loader = useRef(load);
  loader.current = load;
  const loaded = check !== null;
  useEffect(() => {
    if (loaded) return;
    let live = true;
    let started = false;
    const stop = () => {
      for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, onEvent, true);
    };
    const listen = () => {
      for (const type of FIRST_USE_EVENTS) document.addEventListener(type, onEvent, true);
    };
    const start = () => {
      if (started) return;
      started = true;
      stop();
      loader.current().then(
        (run) => {
          if (live) setCheck({ run });
        },
        () => {
          started = false;
          if (live) listen();
        },
      );
    };
    function onEvent(event: Event) {
      if (isOfForm(event.target, id)) start();
    }
    if (now) start();
    else listen();
    return () => {
      live = false;
      stop();
    };
  }, [id, loaded, now]);
  return check?.run;
}

/**
 * One form's state with conform: the schema checks in the browser (on blur, then as the field
 * is corrected, and on submit, which it stops while a field is wrong) once it has been loaded;
 * the action's reply sets the errors after a post. `labels` turn the schema's wire names into
 * the form's labels.
 */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>>>(options: {
  id: string;
  /** The schema, or `() => import(...)` of it: loaded on the form's first use. */
  schema: SchemaSource<S>;
  failure: FormFailure | null | undefined;
  labels?: Readonly<Record<string, string>>;
  /** Focus after a refused submit: this element (the summary), else the first invalid field. */
  focusOnError?: () => HTMLElement | null | undefined;
  /** Called when the browser's check stops a submit (e.g. to show a toast). */
  onRefused?: (form: HTMLFormElement) => void;
  /**
   * For a form whose names are not the schema's (the /samples checkboxes → `items`): the page
   * action's own form → input function, and its path → field name mapping, so the browser
   * checks exactly what the action will. A loaded schema may bring its `fromForm` with it.
   */
  fromForm?: (form: FormData) => unknown;
  /** With the form's data: a path's index may need it (repeated rows, some left empty). */
  rename?: (path: string, formData: FormData) => string;
  /** Instead of the form post: what to do with a form the browser's check passed (e.g. fetch). */
  onValid?: (formData: FormData) => void;
}) {
  const { schema, labels, fromForm, rename } = options;
  const check = useFirstUseCheck(
    options.id,
    async () => {
      const ownSchema = async (): Promise<LoadedSchema<S>> =>
        isLoader(schema) ? schema() : { schema };
      const [{ schemaCheck }, loaded] = await Promise.all([import("./form-check"), ownSchema()]);
      return schemaCheck(loaded.schema, {
        labels,
        fromForm: loaded.fromForm ?? fromForm,
        rename,
      });
    },
    Boolean(options.failure),
  );
  const [form] = useForm<Record<string, unknown>, unknown>({
    id: options.id,
    lastResult: options.failure?.reply ?? null,
    // Without the check a field's blur must not submit conform's check intent: the post would
    // reach the action. Until it has arrived only the person's submit goes (to the action).
    shouldValidate: check ? "onBlur" : "onSubmit",
    shouldRevalidate: check ? "onInput" : "onSubmit",
    onSubmit: options.onValid
      ? (event, { formData }) => {
          event.preventDefault();
          options.onValid?.(formData);
        }
      : undefined,
    onValidate: check && (({ formData }) => check(formData)),
  });
  const errors: FormErrors = {};
  for (const [name, messages] of Object.entries(form.allErrors)) {
    if (name && messages?.[0]) errors[name] = messages[0];
  }
  // After a refused submit (in the browser or by the action), move the focus to the problem.
  const [refusals, setRefusals] = useState(0);
  const focusOnError = useRef(options.focusOnError);
  focusOnError.current = options.focusOnError;
  useEffect(() => {
    if (refusals === 0 && !options.failure) return;
    const focus = () => {
      const target =
        focusOnError.current?.() ??
        document.getElementById(options.id)?.querySelector<HTMLElement>('[aria-invalid="true"]');
      target?.focus();
      return Boolean(target);
    };
    // conform may render the field errors a frame after the refusal: then look again.
    if (!focus()) {
      const frame = requestAnimationFrame(focus);
      return () => cancelAnimationFrame(frame);
    }
  }, [refusals, options.failure, options.id]);
  // A field left for this form's submit button is not checked on its own: its message would
  // appear above the button and move it from under the pointer between the press and the
  // release, and the click (the submit, which checks every field) would be lost.
  useEffect(() => {
    // Read at each event: a form re-rendered with a new key is a new element with the same id.
    const isSubmitOfForm = (target: EventTarget | null) => {
      const button =
        target instanceof Element
          ? target.closest<HTMLButtonElement | HTMLInputElement>(
              "button[type=submit], input[type=submit]",
            )
          : null;
      return button?.form?.id === options.id;
    };
    let pressing = false;
    const press = (event: PointerEvent) => {
      pressing = isSubmitOfForm(event.target);
    };
    const release = () => {
      pressing = false;
    };
    const leave = (event: FocusEvent) => {
      const field = event.target instanceof Element ? event.target : null;
      if (field?.closest("form")?.id !== options.id) return;
      if (pressing || isSubmitOfForm(event.relatedTarget)) event.stopPropagation();
    };
    window.addEventListener("pointerdown", press, true);
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
    window.addEventListener("focusout", leave, true);
    return () => {
      window.removeEventListener("pointerdown", press, true);
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
      window.removeEventListener("focusout", leave, true);
    };
  }, [options.id]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    // conform checks a field (on blur, on input) by submitting with a hidden intent button:
    // that is not the person's submit.
    const { nativeEvent } = event;
    const submitter = "submitter" in nativeEvent ? nativeEvent.submitter : null;
    if (submitter instanceof Element && submitter.getAttribute("name") === "__intent__") return;
    if (event.defaultPrevented) {
      setRefusals((n) => n + 1);
      options.onRefused?.(event.currentTarget);
    }
  };
  const values = replyValues(options.failure);
  return {
    form,
    errors,
    values,
    /** What was typed in a field of the refused form, for its defaultValue. */
    typed: typedText(values),
    /** True once a submit was refused (in the browser or by the action): show the summary. */
    refused: refusals > 0 || Boolean(options.failure),
    formProps: { id: form.id, onSubmit, noValidate: true },
  };
}

/**
 * A refusal of an /api call made by a component (the review form) as a `FormFailure`: the
 * answer's `fields`, labelled, for `useSchemaForm`'s `failure`.
 */
export function failureFromAnswer(
  answer: { code?: string; message?: string; fields?: unknown },
  labels: Readonly<Record<string, string>> = {},
  rename: (path: string) => string = topLevelField,
): FormFailure {
  const raw: Record<string, string> = {};
  if (typeof answer.fields === "object" && answer.fields !== null) {
    for (const [path, message] of Object.entries(answer.fields)) {
      if (typeof message === "string") raw[path] = message;
    }
  }
  const fields = labelFields(raw, labels, rename);
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(fields)) error[name] = [message];
  return {
    ok: false,
    code: answer.code ?? "internal",
    message: answer.message ?? "",
    fieldsOnly: answer.code === "validation_failed" && Object.keys(fields).length > 0,
    reply: { status: "error", error },
  };
}

/** aria-invalid and aria-describedby of a field: its hint (if any) and its error. */
export function fieldA11y(errors: FormErrors, name: string, id = name, hintId?: string) {
  const error = errors[name];
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby":
      [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined,
  } as const;
}
