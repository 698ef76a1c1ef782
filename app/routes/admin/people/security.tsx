/**
 * /admin/security (owners, permission "settings"; decision 162): require two-factor for
 * everyone, and every staff member's two-factor state with a reset (a lost phone: their secret
 * and recovery codes go, their sessions end, they set it up again at their next login).
 */

import { data, Form, useActionData, useLoaderData } from "react-router";
import { roleHas, STAFF_ROLE_LABELS, STAFF_ROLES } from "../../../../domain/people/permissions";
import { backOfficeSettingsSchema } from "../../../../domain/people/two-factor-schema";
import { oneOf } from "../../../../domain/shared/one-of";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import { field } from "../../../components/admin/admin-form.server";
import {
  actorOf,
  NO_STORE,
  noStoreHeaders,
  recordIdParam,
  requireAdmin,
} from "../../../components/admin/admin-route";
import { actionError } from "../../../lib/action-errors.server";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { AppError, parseInput, readForm } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/security";

export const meta = () => adminMeta("Security");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin/people/security.tsx");
  const { twoFactor } = context.services;
  return loadOrThrow(context, async () => ({
    settings: await twoFactor.settings(),
    staff: await twoFactor.listStaff(),
    canReset: roleHas(session.role, "staff"),
    me: session.staffId,
  }));
}

/** `at` changes with every answer, so the switch shows the saved state again after each. */
type SecurityActionResult = ({ ok: true; message: string } | { ok: false; error: string }) & {
  at: number;
};

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context, "routes/admin/people/security.tsx");
  const { twoFactor } = context.services;
  const actor = actorOf(session);
  try {
    const form = await readForm(request);
    let message: string;
    if (field(form, "intent") === "reset") {
      // The API's permission for a reset is "staff" (ADMIN_API_PERMISSIONS): the same here.
      if (!roleHas(session.role, "staff")) {
        throw new AppError("forbidden", "Your role does not allow this.");
      }
      const id = recordIdParam(field(form, "id"));
      const { name, sessionsEnded } = await twoFactor.reset(actor, id);
      message = `Two-factor reset for ${name}; ${sessionsEnded} session${sessionsEnded === 1 ? "" : "s"} ended.`;
    } else {
      const input = parseInput(backOfficeSettingsSchema, {
        requireTwoFactor: field(form, "requireTwoFactor") === "on",
      });
      await twoFactor.updateSettings(actor, input);
      message = input.requireTwoFactor
        ? "Two-factor is now required for everyone."
        : "Two-factor is no longer required.";
    }
    return data<SecurityActionResult>({ ok: true, message, at: Date.now() }, { headers: NO_STORE });
  } catch (error) {
    return actionError<SecurityActionResult>(error, context, (a) => ({
      ok: false,
      error: a.message,
      at: Date.now(),
    }));
  }
}

function stateOf(s: { enabled: boolean; pending: boolean; recoveryCodesLeft: number }): string {
  if (s.enabled) {
    return `On · ${s.recoveryCodesLeft} recovery code${s.recoveryCodesLeft === 1 ? "" : "s"} left`;
  }
  return s.pending ? "Setting up" : "Off";
}

export default function AdminSecurity() {
  const { settings, staff, canReset, me } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-bold">Security</h1>
      <ActionMessage result={result} />
      <section className="card mt-6" aria-labelledby="sec-require">
        <h2 id="sec-require" className="text-xl font-semibold">
          Two-factor for everyone
        </h2>
        <p className="mt-2 text-muted">
          When required, a person without two-factor can only set it up until they have: every other
          page and API call is refused. Nobody can turn theirs off.
        </p>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="settings" />
          <label className="flex min-h-11 items-center gap-3 font-medium">
            <input
              type="checkbox"
              name="requireTwoFactor"
              defaultChecked={settings.requireTwoFactor}
              key={`${settings.requireTwoFactor}-${result?.at ?? 0}`}
              className="size-5 accent-primary"
            />
            Require two-factor for everyone
          </label>
          <button type="submit" className="btn-primary w-full sm:w-auto">
            Save
          </button>
        </Form>
      </section>
      <section className="mt-8" aria-labelledby="sec-staff">
        <h2 id="sec-staff" className="text-xl font-semibold">
          Staff two-factor
        </h2>
        <ul className="mt-4 space-y-3">
          {staff.map((s) => (
            <li key={s.id} className="card">
              <h3 className="font-semibold break-words">
                {s.name}
                {s.id === me ? " (you)" : ""}
              </h3>
              <p className="text-sm text-muted break-words">
                {oneOf(STAFF_ROLES, s.role) ? STAFF_ROLE_LABELS[s.role] : s.role} · {s.email}
                {s.active ? "" : " · Disabled"}
              </p>
              <p className="mt-1">Two-factor: {stateOf(s)}</p>
              {canReset && s.id !== me && (s.enabled || s.pending) ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="reset" />
                  <input type="hidden" name="id" value={s.id} />
                  <button type="submit" className="btn-secondary w-full sm:w-auto">
                    Reset two-factor for {s.name}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading security settings" />;
}
