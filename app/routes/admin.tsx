/**
 * /admin: the back office layout. Without a valid session it shows the login form (SPEC.md §2,
 * §5) instead of its pages; its action logs in and out, with or without JavaScript.
 */
import { data, Outlet, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import { adminLoginSchema } from "../../domain/admin-schema";
import { AdminError } from "../components/admin/admin-error";
import { AdminShell } from "../components/admin/admin-nav";
import { NO_STORE, noStoreHeaders } from "../components/admin/admin-route";
import { LoginForm } from "../components/admin/login-form";
import { actionError } from "../lib/action-errors.server";
import { parseInput, readForm } from "../lib/form-input.server";
import { pageMeta, rootFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin";

export const headers = noStoreHeaders;

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
  const session = await context.services.admin.sessionFromRequest(request);
  return data({ authenticated: session !== null }, { headers: NO_STORE });
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
      await admin.logout(admin.tokenFromRequest(request));
      return redirect("/admin", {
        headers: { ...NO_STORE, "Set-Cookie": admin.clearedSessionCookie(request) },
      });
    }
    // Kept across failed attempts, so the page asked for first opens after login.
    redirectTo = safeRedirect(form.get("redirectTo"));
    const { password } = parseInput(adminLoginSchema, { password: form.get("password") });
    const result = await admin.login(password, context.clientAddress);
    if (result.status === "ok") {
      return redirect(redirectTo, {
        headers: { ...NO_STORE, "Set-Cookie": admin.sessionCookie(request, result.token) },
      });
    }
    if (result.status === "limited" || result.status === "busy") {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      return data(
        {
          error:
            result.status === "busy"
              ? "Too many logins at once. Try again in a few seconds."
              : `Too many failed logins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          at: Date.now(),
          redirectTo,
        },
        {
          status: result.status === "busy" ? 503 : 429,
          headers: { ...NO_STORE, "Retry-After": String(result.retryAfterSeconds) },
        },
      );
    }
    return data(
      { error: "Incorrect password", at: Date.now(), redirectTo },
      { status: 401, headers: NO_STORE },
    );
  } catch (error) {
    return actionError(error, context, (a) => ({ error: a.message, at: Date.now(), redirectTo }));
  }
}

export default function AdminLayout() {
  const { authenticated } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const location = useLocation();
  if (!authenticated) {
    return (
      <AdminShell nav={false}>
        <LoginForm
          error={failed?.error}
          attempt={failed}
          redirectTo={failed?.redirectTo ?? `${location.pathname}${location.search}`}
        />
      </AdminShell>
    );
  }
  return (
    <AdminShell nav>
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
