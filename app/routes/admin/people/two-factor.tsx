/**
 * /admin/two-factor: the signed-in person's own two-factor. Status; set up with a
 * QR code rendered on the server and the key in groups of four; confirm with a first code; the
 * ten recovery codes once; new recovery codes; turn off. Open to everyone signed in, also while
 * owners require two-factor and this account has none yet (the gate sends them here).
 */
import { data, useActionData, useLoaderData } from "react-router";
import {
  TWO_FACTOR_LABELS,
  twoFactorCodeFromForm,
  twoFactorCodeSchema,
  twoFactorDisableFromForm,
  twoFactorDisableSchema,
} from "../../../../domain/people/two-factor-schema";
import { AdminError } from "../../../components/admin/admin-error";
import { field } from "../../../components/admin/admin-form.server";
import {
  actorOf,
  NO_STORE,
  noStoreHeaders,
  requireAdmin,
} from "../../../components/admin/admin-route";
import {
  ConfirmSetupPanel,
  EnabledPanel,
  RecoveryCodesPanel,
  StartSetupPanel,
  type TwoFactorIntent,
} from "../../../components/people/two-factor-panels";
import { actionError, formFailureOf } from "../../../lib/action-errors.server";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { parseInput, readForm } from "../../../lib/form-input.server";
import type { FormFailure } from "../../../lib/forms";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/two-factor";

export const meta = () => adminMeta("Two-factor sign-in");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin/people/two-factor.tsx");
  const { twoFactor } = context.services;
  return loadOrThrow(context, async () => {
    const status = await twoFactor.status(session.staffId);
    const setup = status.pending ? await twoFactor.pendingSetup(session.staffId) : null;
    return { status, setup: setup ? { qrSvg: setup.qrSvg, secret: setup.secret } : null };
  });
}

const INTENTS: readonly TwoFactorIntent[] = ["setup", "confirm", "regenerate", "disable"];

type TwoFactorActionData =
  | { ok: true; intent: TwoFactorIntent; message: string; recoveryCodes?: string[] }
  | (FormFailure & { intent: TwoFactorIntent; error: string });

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context, "routes/admin/people/two-factor.tsx");
  const { twoFactor } = context.services;
  const actor = actorOf(session);
  let intent: TwoFactorIntent = "setup";
  try {
    const form = await readForm(request);
    intent = INTENTS.find((i) => i === field(form, "intent")) ?? "setup";
    const done = (message: string, recoveryCodes?: string[]): TwoFactorActionData => ({
      ok: true,
      intent,
      message,
      recoveryCodes,
    });
    let result: TwoFactorActionData;
    if (intent === "setup") {
      await twoFactor.startSetup(actor, session.staffId);
      result = done("Scan the QR code with your authenticator app, then enter its code.");
    } else if (intent === "confirm") {
      const { code } = parseInput(twoFactorCodeSchema, twoFactorCodeFromForm(form));
      const { recoveryCodes } = await twoFactor.confirm(actor, session.staffId, code);
      result = done("Two-factor is on.", recoveryCodes);
    } else if (intent === "regenerate") {
      const { code } = parseInput(twoFactorCodeSchema, twoFactorCodeFromForm(form));
      const { recoveryCodes } = await twoFactor.regenerateRecoveryCodes(
        actor,
        session.staffId,
        code,
      );
      result = done("New recovery codes made: the old ones no longer work.", recoveryCodes);
    } else {
      const input = parseInput(twoFactorDisableSchema, twoFactorDisableFromForm(form));
      await twoFactor.disable(actor, session.staffId, input);
      result = done("Two-factor is off.");
    }
    return data(result, { headers: NO_STORE });
  } catch (error) {
    // Codes and passwords are never given back: the reply holds the errors only.
    return actionError<TwoFactorActionData>(error, context, (a) => ({
      ...formFailureOf(a, { labels: TWO_FACTOR_LABELS }),
      intent,
      error: a.message,
    }));
  }
}

export default function AdminTwoFactor() {
  const { status, setup } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const codes = result?.ok ? result.recoveryCodes : undefined;
  return (
    <div className="container-page max-w-2xl py-8">
      <h1 className="text-3xl font-bold">Two-factor sign-in</h1>
      {result?.ok ? (
        <p role="status" className="mt-4 font-medium">
          {result.message}
        </p>
      ) : null}
      {codes ? <RecoveryCodesPanel codes={codes} /> : null}
      {status.enabled ? (
        <EnabledPanel
          recoveryCodesLeft={status.recoveryCodesLeft}
          required={status.required}
          failed={failed}
        />
      ) : setup ? (
        <ConfirmSetupPanel qrSvg={setup.qrSvg} secret={setup.secret} failed={failed} />
      ) : (
        <StartSetupPanel required={status.required} failed={failed} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading two-factor sign-in" />;
}
