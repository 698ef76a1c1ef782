/**
 * /account: the customer's own page.
 * Signed out: one email field that asks for a one-time link (the same answer for every email).
 * Signed in (the cookie set by /account/verify): the email's orders, quotes, visits and reviews
 * to write, each with its link, and "Sign out". Private, never stored.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { ACCOUNT_LINK_MINUTES, isAccountLinkProblem } from "../../../domain/account/account-fields";
import { accountLinkRequestSchema } from "../../../domain/account/account-schema";
import accountWords from "../../../domain/i18n/compiled/en/account.js";
import { languageOfPath, localizedPath } from "../../../domain/i18n/paths";
import { phoneHref } from "../../../domain/shared/business";
import { AccountOverviewSections } from "../../components/account/account-overview";
import { EmailInput } from "../../components/email-input";
import { actionError } from "../../lib/action-errors.server";
import { readForm } from "../../lib/form-input.server";
import { useFirstUseCheck } from "../../lib/forms";
import { translator, useLanguage, useT } from "../../lib/i18n";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/account";
import { accountSessionToken, clearedAccountCookie } from "./account.server";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = context.services.account;
  const email = await account.sessionEmail(accountSessionToken(request));
  const problem = new URL(request.url).searchParams.get("link");
  const overview = email ? await account.overview(email) : null;
  return data(
    { overview, problem: isAccountLinkProblem(problem) ? problem : null },
    { headers: PRIVATE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    // A body the form parser refuses (wrong content type, NUL, malformed): 400/415, never 500.
    return actionError(error, context, (a) => ({
      result: { status: "error" as const, error: { "": [a.message] } },
      sent: false,
    }));
  }
  if (form.get("intent") === "sign-out") {
    await context.services.account.endSession(accountSessionToken(request));
    return redirect(localizedPath("/account", languageOfPath(new URL(request.url).pathname)), {
      headers: {
        ...PRIVATE,
        "Set-Cookie": clearedAccountCookie(request, context.services.config.trustProxy),
      },
    });
  }
  const submission = parseWithZod(form, { schema: accountLinkRequestSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400, headers: PRIVATE });
  }
  try {
    const { email, language } = submission.value;
    await context.services.account.requestLink(email, context.clientAddress, language);
    return data(
      { result: submission.reply({ resetForm: true }), sent: true },
      { status: 202, headers: PRIVATE },
    );
  } catch (error) {
    return actionError(error, context, (a) => ({
      result: submission.reply({ formErrors: [a.message] }),
      sent: false,
    }));
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  const language = languageOfPath(location.pathname);
  const t = translator(language, "account", accountWords);
  return pageMeta({
    language,
    title: t("meta.title"),
    description: t("meta.description"),
    path: "/account",
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

const LINK_FORM_ID = "account-link";

function LinkRequestForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const t = useT("account", accountWords);
  const language = useLanguage();
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST";
  // The browser's check (zod and the schema) comes on the form's first use, not with the page
  //; until then a submit goes to the action, which answers field by field.
  const check = useFirstUseCheck(
    LINK_FORM_ID,
    async () => {
      const [{ plainCheck }, schemas] = await Promise.all([
        import("../../lib/form-check"),
        import("../../../domain/account/account-schema"),
      ]);
      return plainCheck(schemas.accountLinkRequestSchema);
    },
    actionData?.result.status === "error",
  );
  const [form, fields] = useForm({
    id: LINK_FORM_ID,
    lastResult: actionData?.result,
    // Without the check a blur must not submit conform's check intent: it would reach the action.
    shouldValidate: check ? "onBlur" : "onSubmit",
    onValidate: check && (({ formData }) => check(formData)),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      {form.errors?.length ? (
        <p
          id={form.errorId}
          role="alert"
          className="rounded-md border border-danger bg-red-50 p-3 text-danger"
        >
          {form.errors[0]}
        </p>
      ) : null}
      {actionData?.sent ? (
        <p role="status" className="rounded-md bg-primary-light p-3 text-primary-dark">
          {t("page.sent")}
        </p>
      ) : null}
      <EmailInput field={fields.email} label={t("page.email")} />
      <input type="hidden" name="intent" value="link" />
      {/* The link's email is written in the page's language. */}
      <input type="hidden" name="language" value={language} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending}>
        {sending ? t("page.sending") : t("page.send")}
      </button>
    </Form>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { overview, problem } = loaderData;
  const t = useT("account", accountWords);
  if (overview) {
    return (
      <div className="container-page py-8 sm:py-12">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold">{t("page.title")}</h1>
            <p className="mt-1 break-all text-muted">
              {t("page.signedInAs", { email: overview.email })}
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" className="btn-secondary">
              {t("page.signOut")}
            </button>
          </Form>
        </div>
        <AccountOverviewSections overview={overview} />
        <p className="mt-10 text-muted">
          {t("page.missing")}{" "}
          <a className="underline" href={phoneHref(business.phone)}>
            {business.phone}
          </a>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="container-page max-w-xl py-8 sm:py-12">
      <h1 className="text-3xl font-bold">{t("page.title")}</h1>
      <p className="mt-3 text-muted">{t("page.intro")}</p>
      {problem ? (
        <p role="alert" className="mt-6 rounded-md border border-danger bg-red-50 p-3 text-danger">
          {t(`problem.${problem}`, { minutes: ACCOUNT_LINK_MINUTES })}
        </p>
      ) : null}
      <LinkRequestForm actionData={actionData} />
      <p className="mt-8 text-sm text-muted">{t("page.phone", { phone: business.phone })}</p>
    </div>
  );
}
