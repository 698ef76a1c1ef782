/**
 * GET /account/verify?token=…: the emailed one-time link. A good link opens the
 * session (the cookie) and goes to /account; a used, expired or unknown one goes to /account,
 * which says so and offers a new one. The token is never logged (the request log has no query).
 */
import { redirect } from "react-router";
import { languageOfPath, localizedPath } from "../../../domain/i18n/paths";
import type { Route } from "./+types/verify";
import { accountSessionCookie } from "./account.server";

const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const account = localizedPath("/account", languageOfPath(url.pathname));
  const result = await context.services.account.verify(token);
  if (!result.ok) {
    return redirect(`${account}?link=${result.problem}`, { headers: PRIVATE });
  }
  const trustProxy = context.services.config.trustProxy;
  return redirect(account, {
    headers: {
      ...PRIVATE,
      "Set-Cookie": accountSessionCookie(request, trustProxy, result.sessionToken),
    },
  });
}
