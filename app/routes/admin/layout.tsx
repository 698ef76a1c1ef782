/**
 * /admin: the back office layout. Without a valid session it shows the login form instead of its pages; its action logs in and out, with or without JavaScript.
 */
import { useEffect } from "react";
import { data, Outlet, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import { ROLE_PERMISSIONS, seesOnlyOwnVisits } from "../../../domain/people/permissions";
import {
  CODE_REQUIRED_MESSAGE,
  staffLoginFromForm,
  staffLoginSchema,
  WRONG_CODE_MESSAGE,
  WRONG_LOGIN_MESSAGE,
} from "../../../domain/people/staff-schema";
import {
  adminSessionCookie,
  adminTokenOf,
  clearedAdminSessionCookie,
  deviceCookieHeader,
  deviceTokensOf,
} from "../../../server/sessions";
import { AdminError } from "../../components/admin/admin-error";
import { AdminShell } from "../../components/admin/admin-nav";
import { ADMIN_NAV, type NavCountKey } from "../../components/admin/admin-nav-items";
import { NO_STORE, noStoreHeaders, sessionOf } from "../../components/admin/admin-route";
import {
  clearBackOfficeCaches,
  registerBackOfficeWorker,
} from "../../components/admin/offline-pages";
import { startQueue } from "../../components/admin/offline-queue";
import { LoginForm } from "../../components/people/login-form";
import { actionError, formFailureOf } from "../../lib/action-errors.server";
import { parseInput, readForm } from "../../lib/form-input.server";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import type { Route } from "./+types/layout";

export const headers = noStoreHeaders;

/** The back office installs as an app of its own (decision 582). */
export function links(): Route.LinkDescriptors {
  return [{ rel: "manifest", href: "/admin.webmanifest" }];
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Admin",
    description: "The store's back office.",
    path: "/admin",
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await sessionOf(request, context);
  // Only what the navigation needs: the page guard (requireAdmin) decides what opens.
  const permissions = session ? ROLE_PERMISSIONS[session.role] : [];
  const gated = session ? session.mustChangePassword || session.twoFactorRequired : true;
  // The counts are read only for someone whose sidebar shows one of them. An installer's is his
  // customers' unread texts alone (decision 552), never the store's inboxes.
  const counted = ADMIN_NAV.filter((l) => l.count && permissions.includes(l.needs));
  const own = session !== null && seesOnlyOwnVisits(session.role);
  const all: Partial<Record<NavCountKey, number>> | null =
    gated || !counted.length || !session
      ? null
      : own
        ? {
            unreadTexts: await context.services.textInbox.unreadCount({
              staffId: session.staffId,
              role: session.role,
            }),
          }
        : await context.services.dashboard.inboxCounts();
  const counts = all
    ? Object.fromEntries(
        counted.flatMap((l) =>
          l.count && all[l.count] !== undefined ? [[l.count, all[l.count]]] : [],
        ),
      )
    : null;
  const staff = session
    ? { name: session.name, permissions: [...permissions], gated, counts }
    : null;
  return data({ authenticated: session !== null, staff }, { headers: NO_STORE });
}

/** Only back-office paths; anything else (another site, //evil) goes to /admin. */
function safeRedirect(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^\/admin(\/[\w\-/?=&%.]*)?$/.test(value) ? value : "/admin";
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.services;
  let redirectTo = "/admin";
  try {
    const form = await readForm(request);
    if (form.get("intent") === "logout") {
      await admin.logout(adminTokenOf(request));
      const cleared = clearedAdminSessionCookie(request, context.services.config.trustProxy);
      return redirect("/admin", {
        headers: { ...NO_STORE, "Set-Cookie": cleared },
      });
    }
    // Kept across failed attempts, so the page asked for first opens after login.
    redirectTo = safeRedirect(form.get("redirectTo"));
    const input = parseInput(staffLoginSchema, staffLoginFromForm(form));
    const result = await admin.login(
      input,
      context.clientAddress,
      request.headers.get("user-agent") ?? "",
      deviceTokensOf(request),
    );
    if (result.status === "ok") {
      const { trustProxy } = context.services.config;
      const headers = new Headers(NO_STORE);
      headers.append("Set-Cookie", adminSessionCookie(request, result.token, trustProxy));
      headers.append("Set-Cookie", deviceCookieHeader(request, result.device, trustProxy));
      return redirect(redirectTo, { headers });
    }
    if (result.status === "limited" || result.status === "busy") {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      return data(
        loginFailure(
          "rate_limited",
          result.status === "busy"
            ? "Too many logins at once. Try again in a few seconds."
            : `Too many failed logins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          { redirectTo },
        ),
        {
          status: result.status === "busy" ? 503 : 429,
          headers: { ...NO_STORE, "Retry-After": String(result.retryAfterSeconds) },
        },
      );
    }
    if (result.status === "code_required") {
      const message = result.codeWasWrong ? WRONG_CODE_MESSAGE : CODE_REQUIRED_MESSAGE;
      return data(
        loginFailure("code_required", message, {
          redirectTo,
          email: input.email,
          needsCode: true,
          fields: { code: message },
        }),
        { status: 401, headers: NO_STORE },
      );
    }
    // Wrong, whatever was wrong: the whole form, no one field.
    return data(
      loginFailure("unauthorized", WRONG_LOGIN_MESSAGE, { redirectTo, email: input.email }),
      { status: 401, headers: NO_STORE },
    );
  } catch (error) {
    return actionError(error, context, (a) =>
      loginFailure(a.code, a.message, { redirectTo, fields: a.fields }),
    );
  }
}

/**
 * A refused login as the form's `FormFailure`: the code, the sentence, and the
 * field it is about when there is one (the two-factor code); the email typed is given back,
 * never the password.
 */
function loginFailure(
  code: string,
  message: string,
  extra: {
    redirectTo: string;
    email?: string;
    needsCode?: boolean;
    fields?: Record<string, string>;
  },
) {
  const { fields, ...rest } = extra;
  const failure = formFailureOf(
    { code, message, status: 400, fields },
    { values: extra.email ? { email: extra.email } : {} },
  );
  return { ...failure, ...rest, error: message, at: Date.now() };
}

export default function AdminLayout() {
  const { authenticated, staff } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const location = useLocation();
  // Signed in: the worker that opens the back office offline. Signed out (or the session
  // ended): nothing of the last person's visits stays on this device.
  useEffect(() => {
    if (!authenticated) {
      void clearBackOfficeCaches();
      return;
    }
    registerBackOfficeWorker();
    // What was recorded offline goes when the page loads and whenever the network returns.
    return startQueue();
  }, [authenticated]);
  if (!authenticated) {
    return (
      <AdminShell nav={false}>
        <LoginForm
          failure={failed}
          attempt={failed}
          email={
            failed && "email" in failed && typeof failed.email === "string"
              ? failed.email
              : undefined
          }
          needsCode={Boolean(failed && "needsCode" in failed && failed.needsCode)}
          redirectTo={failed?.redirectTo ?? `${location.pathname}${location.search}`}
        />
      </AdminShell>
    );
  }
  return (
    <AdminShell nav staff={staff}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return (
    <AdminShell nav={false}>
      <AdminError title="Error loading the admin" />
    </AdminShell>
  );
}
