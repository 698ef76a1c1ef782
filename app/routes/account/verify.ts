/**
 * GET /account/verify?token=…: the emailed one-time link. A good link opens the
 * session (the cookie) and goes to /account; a used, expired or unknown one goes to /account,
 * which says so and offers a new one. The token is never logged (the request log has no query).
 */
import { redirect } from "react-router";
import type { Route } from "./+types/verify";
import { accountSessionCookie } from "./account.server";

const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const result = await context.services.account.verify(token);
  if (!result.ok) {
    return redirect(`/account?link=${result.problem}`, { headers: PRIVATE });
  }
  const trustProxy = context.services.config.trustProxy;
  return redirect("/account", {
    headers: {
      ...PRIVATE,
      "Set-Cookie": accountSessionCookie(request, trustProxy, result.sessionToken),
    },
  });
}
