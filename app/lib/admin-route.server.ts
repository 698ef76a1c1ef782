/**
 * Admin loaders and actions run their service calls through the one error mapping
 * (action-errors.server.ts): a refusal (400, 404, 409 …) or an unreadable form becomes the
 * page's answer with that status, never a 500.
 */
import { type AppLoadContext, data } from "react-router";
import { formText } from "../../domain/shared/back-office-form";
import {
  type ActionResult,
  type AdminPage,
  actorOf,
  NO_STORE,
  recordIdParam,
  requireAdmin,
  type StaffSession,
} from "../components/admin/admin-route";
import { actionError, formFailureOf, loaderError } from "./action-errors.server";
import { readForm } from "./form-input.server";
import { topLevelField } from "./forms";

/** What an admin page's loader or action gets (its route's params are one record's id). */
export interface AdminPageArgs {
  request: Request;
  context: AppLoadContext;
  params: Readonly<Record<string, string | undefined>>;
}

/** The person signed in to an admin page about one record, and that record's id. */
export interface AdminRecord {
  session: StaffSession;
  actor: ReturnType<typeof actorOf>;
  id: number;
}

/**
 * The preamble of an admin page about one record (a visit, a purchase order, an order's sheet):
 * the page's access check (requireAdmin), then the record's id from the route parameter `param`
 * (0, never a row, for anything but a positive integer, or for a page without one: null).
 */
export async function adminRecord(
  { request, context, params }: AdminPageArgs,
  page: AdminPage,
  param: string | null,
): Promise<AdminRecord> {
  const session = await requireAdmin(request, context, page);
  const id = param === null ? 0 : recordIdParam(params[param]);
  return { session, actor: actorOf(session), id };
}

/** What was typed in a form's text fields, given back to a refused form (never a password). */
export function typedValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && name !== "intent" && !/password/i.test(name)) {
      out[name] = value;
    }
  }
  return out;
}

/** The scope of a form action (see runAction): which form, its field names, what was typed. */
export type ActionScope = NonNullable<Parameters<typeof runAction>[2]>;

/**
 * The action of an admin page about one record: the preamble (adminRecord), then the posted
 * form read inside runAction (one error mapping), its `intent` naming the form that was sent
 * and what was typed given back to it; `handle` may rename paths in `scope`.
 */
export async function adminRecordAction(
  args: AdminPageArgs,
  page: AdminPage,
  param: string | null,
  handle: (
    form: FormData,
    record: AdminRecord,
    scope: ActionScope,
  ) => Promise<string | Extract<ActionResult, { ok: true }>>,
) {
  const record = await adminRecord(args, page, param);
  const scope: ActionScope = {};
  return runAction(
    args.context,
    async () => {
      const form = await readForm(args.request);
      scope.intent = formText(form, "intent");
      scope.values = typedValues(form);
      return handle(form, record, scope);
    },
    scope,
  );
}

/** Runs a loader's service call; an error becomes a thrown response of its status. */
export async function loadOrThrow<T>(context: AppLoadContext, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    return loaderError(error, context);
  }
}

/**
 * Runs an action (form read included); an error becomes `{ ok: false, error }` with its status
 * and its fields (a `FormFailure`). `scope.intent`, when the call sets it, names the form sent;
 * `scope.rename` maps a field path to the form's name (the top-level field by default).
 */
export async function runAction(
  context: AppLoadContext,
  call: () => Promise<string | Extract<ActionResult, { ok: true }>>,
  scope: {
    intent?: string;
    rename?: (path: string) => string;
    /** Labels of the form's fields ("leadDays must …" → "Lead time must …"). */
    labels?: Readonly<Record<string, string>>;
    /** What was typed, given back to a refused form (never a password). */
    values?: Record<string, unknown>;
  } = {},
) {
  try {
    const done = await call();
    const answer = typeof done === "string" ? { ok: true as const, message: done } : done;
    return data<ActionResult>({ ...answer, intent: scope.intent }, { headers: NO_STORE });
  } catch (error) {
    return actionError<ActionResult>(error, context, (a) => ({
      ...formFailureOf(a, {
        rename: scope.rename ?? topLevelField,
        values: scope.values,
        labels: scope.labels,
      }),
      error: a.message,
      intent: scope.intent,
    }));
  }
}
