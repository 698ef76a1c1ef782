/**
 * The customer's quote /quotes/TOKEN: every room and item with its drawing, the totals (optional items ticked here
 * change them at once, by the same quote math as the server), the deposit, the valid-until
 * date, the terms and the notice of the right to cancel. Accept (typed name + "I agree"),
 * decline, ask a question, or cancel within the period. Private: `private, no-store`, the token
 * masked in the log. The installer can hand his phone to the customer to accept on the spot.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import {
  calculateQuoteTotals,
  OPEN_QUOTE_STATUSES,
  type QuoteChoice,
  quoteLinesOf,
} from "../../../domain/sales/quote";
import { formatVisitDate } from "../../../domain/scheduling/visit-time";
import { phoneHref } from "../../../domain/shared/business";
import { formatMoney } from "../../../domain/shared/money";
import { ResultNote } from "../../components/result-note";
import { QuoteItems } from "../../components/sales/quote-items";
import { QuoteTotalsTable } from "../../components/sales/quote-totals";
import { useFirstUseCheck } from "../../lib/forms";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/quote";
import { quoteAction } from "./quote-action.server";
import { isQuoteView } from "./quote-view.server";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export function headers() {
  return PRIVATE;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { quoteAnswers } = context.services;
  try {
    const countView = isQuoteView(request, context.dataRequest);
    const { view, order, signature } = await quoteAnswers.open(params.token, { countView });
    return data({ view: customerView(view), order, signature }, { headers: PRIVATE });
  } catch {
    throw data("Quote not found", { status: 404, headers: PRIVATE });
  }
}

/**
 * What the page shows of the quote, and only that goes into the document's data: the office's
 * fields (views, staff, linked records, timestamps, the totals the page computes itself) and
 * the customer's contact details beyond the name and city stay out.
 */
function customerView(view: Awaited<ReturnType<QuoteAnswers["open"]>>["view"]) {
  const { firstName, lastName, city } = view.customer;
  return {
    label: view.label,
    token: view.token,
    status: view.status,
    statusLabel: view.statusLabel,
    revision: view.revision,
    validUntil: view.validUntil,
    customer: { firstName, lastName, city },
    note: view.note,
    discountPercent: view.discountPercent,
    depositPercent: view.depositPercent,
    taxExempt: view.taxExempt,
    exemptionText: view.exemptionText,
    items: view.items,
    terms: view.terms,
    cancelNotice: view.cancelNotice,
  };
}

type QuoteAnswers = Route.LoaderArgs["context"]["services"]["quoteAnswers"];

export const action = ({ params, context, request }: Route.ActionArgs) =>
  quoteAction(params.token, context, request);

type AnswerSchemas = typeof import("../../../domain/sales/quote-schema");

/**
 * The browser's check of one answer form, loaded on the form's first use with zod and the quote
 * schemas; until then the action checks it, as without JavaScript.
 */
function useAnswerCheck<S extends z.ZodType<Record<string, unknown>>>(
  id: "accept" | "question" | "decline",
  pick: (schemas: AnswerSchemas) => S,
  refused: boolean,
) {
  const check = useFirstUseCheck(
    id,
    async () => {
      const [{ plainCheck }, schemas] = await Promise.all([
        import("../../lib/form-check"),
        import("../../../domain/sales/quote-schema"),
      ]);
      return plainCheck(pick(schemas));
    },
    refused,
  );
  return {
    onValidate: check && (({ formData }: { formData: FormData }) => check(formData)),
    // Without the check a field must not submit conform's check intent: it would reach the action.
    shouldRevalidate: check ? ("onInput" as const) : ("onSubmit" as const),
  };
}

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta({
    title: "Your quote",
    description: "Your quote from our specialist's visit.",
    path: `/quotes/${params.token}`,
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

export default function QuotePage({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { view, order, signature } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const open = view.status === "sent" || view.status === "viewed";
  const [chosen, setChosen] = useState<Set<number>>(
    () => new Set(signature?.optionalItemIds ?? []),
  );
  const [choices, setChoices] = useState<QuoteChoice[]>(() => signature?.choices ?? []);
  // A preview by the quote math the server uses on the stored prices; the accept recomputes it.
  const totals = useMemo(
    () =>
      calculateQuoteTotals(
        quoteLinesOf(view.items),
        {
          discountPercent: view.discountPercent,
          depositPercent: view.depositPercent,
          taxExempt: view.taxExempt,
        },
        business,
        [...chosen],
        choices,
      ),
    [view, chosen, choices, business],
  );
  const choose = (itemId: number, tierId: number) =>
    setChoices((prev) => [
      ...prev.filter((c) => c.itemId !== itemId),
      ...(tierId === itemId ? [] : [{ itemId, alternativeId: tierId }]),
    ]);
  const acceptCheck = useAnswerCheck(
    "accept",
    (s) => s.quoteAcceptSchema,
    result?.intent === "accept",
  );
  const [form, fields] = useForm<z.output<AnswerSchemas["quoteAcceptSchema"]>>({
    id: "accept",
    lastResult: result?.intent === "accept" ? result.reply : undefined,
    shouldValidate: "onSubmit",
    ...acceptCheck,
  });
  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">{business.name}</p>
      <h1 className="text-3xl font-bold">Quote {view.label}</h1>
      <p className="mt-1 text-muted">
        For {view.customer.firstName} {view.customer.lastName} · {view.customer.city} ·{" "}
        <span data-testid="quote-status">
          {/* "Sent" and "Viewed" are the office's words: the customer reads what is asked of them. */}
          {OPEN_QUOTE_STATUSES.includes(view.status) ? "Waiting for your answer" : view.statusLabel}
        </span>
      </p>
      <p className="mt-1">
        Valid through <strong>{formatVisitDate(view.validUntil)}</strong>
      </p>
      {/* A declined quote's forms are gone: its answer stands at the top, and takes the focus. */}
      {!open && (result?.intent === "decline" || result?.intent === "question") ? (
        <ResultNote result={result} />
      ) : null}
      {order ? (
        <AcceptedPanel
          order={order}
          label={view.label}
          busy={busy}
          result={result?.intent === "accept" || result?.intent === "cancel" ? result : null}
        />
      ) : null}
      {view.status === "expired" ? (
        <div role="status" className="card mt-4">
          <p className="font-semibold">This quote has expired.</p>
          <p className="mt-1">
            Call us at{" "}
            <a href={phoneHref(business.phone)} className="text-primary underline">
              {business.phone}
            </a>{" "}
            and we'll send you a new one.
          </p>
        </div>
      ) : null}

      <section aria-labelledby="items-title" className="card mt-6">
        <h2 id="items-title" className="text-xl font-bold">
          Rooms and windows
        </h2>
        <QuoteItems
          items={view.items}
          chosen={chosen}
          onToggle={toggle}
          choices={choices}
          onChoose={choose}
          locked={!open}
        />
      </section>

      <section aria-labelledby="totals-title" className="card mt-6">
        <h2 id="totals-title" className="text-xl font-bold">
          Totals
        </h2>
        <div className="mt-3">
          <QuoteTotalsTable
            totals={totals}
            discountPercent={view.discountPercent}
            taxExempt={view.taxExempt}
            exemptionText={view.exemptionText}
          />
        </div>
        {view.note ? <p className="mt-4 whitespace-pre-line">{view.note}</p> : null}
      </section>

      <section aria-labelledby="terms-title" className="mt-6">
        <h2 id="terms-title" className="text-xl font-bold">
          Terms
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {view.terms.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        {view.cancelNotice ? (
          <div className="card mt-4 border-primary">
            <h3 className="font-bold">Notice of your right to cancel</h3>
            <p className="mt-1">{view.cancelNotice}</p>
          </div>
        ) : null}
        <p className="mt-4">
          <a
            href={`/api/quotes/${view.token}/pdf`}
            className="inline-flex min-h-11 items-center text-primary underline"
          >
            Download the {order ? "signed agreement" : "quote"} (PDF)
          </a>
        </p>
      </section>

      {open ? (
        <>
          <section aria-labelledby="accept-title" className="card mt-6">
            <h2 id="accept-title" className="text-xl font-bold">
              Accept this quote
            </h2>
            <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
              <input type="hidden" name="intent" value="accept" />
              <input type="hidden" name="revision" value={view.revision} />
              {[...chosen].map((id) => (
                <input key={id} type="hidden" name="optionalItemIds" value={id} />
              ))}
              {choices.map((c, n) => (
                <span key={c.itemId} hidden>
                  <input type="hidden" name={`choices[${n}].itemId`} value={c.itemId} />
                  <input
                    type="hidden"
                    name={`choices[${n}].alternativeId`}
                    value={c.alternativeId}
                  />
                </span>
              ))}
              <p>
                You accept {formatMoney(totals.totalCents)}
                {totals.depositCents > 0
                  ? `, with a deposit of ${formatMoney(totals.depositCents)}`
                  : ""}
                .
              </p>
              <div>
                <label htmlFor={fields.signatureName.id} className="field-label">
                  Type your full name to sign
                </label>
                <input
                  {...getInputProps(fields.signatureName, { type: "text" })}
                  key={fields.signatureName.key}
                  autoComplete="name"
                  className="field"
                />
                <FieldError
                  id={fields.signatureName.errorId}
                  errors={fields.signatureName.errors}
                />
              </div>
              <div>
                <label className="flex min-h-11 items-center gap-3 font-medium">
                  <input
                    {...getInputProps(fields.agree, { type: "checkbox" })}
                    key={fields.agree.key}
                    className="size-6 accent-primary"
                  />
                  I agree to this quote, its terms and the deposit
                </label>
                <FieldError id={fields.agree.errorId} errors={fields.agree.errors} />
              </div>
              {form.errors ? (
                <p role="alert" id={form.errorId} className="font-medium text-red-700">
                  {form.errors.join(" ")}
                </p>
              ) : null}
              <button type="submit" className="btn-primary w-full py-4 text-lg" disabled={busy}>
                Accept and sign
              </button>
            </Form>
          </section>
          <AnswerForms busy={busy} />
        </>
      ) : null}
    </div>
  );
}

function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return errors?.length ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {errors.join(" ")}
    </p>
  ) : null;
}

/**
 * The order made from the quote. Accepting at the bottom of the page lands here, at the top:
 * the panel takes the focus so the customer sees it; cancelling shows its answer by its button.
 */
function AcceptedPanel({
  order,
  label,
  busy,
  result,
}: {
  order: NonNullable<Route.ComponentProps["loaderData"]["order"]>;
  label: string;
  busy: boolean;
  result: { intent: string | null; ok: boolean; message: string | null } | null;
}) {
  const cancelled = order.status === "cancelled";
  const panel = useRef<HTMLDivElement>(null);
  // Accepted or cancelled just now: the panel itself is the answer (said once, not twice).
  const answeredNow = Boolean(result?.ok && (result.intent === "accept" || cancelled));
  useEffect(() => {
    if (answeredNow) panel.current?.focus();
  }, [answeredNow]);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="status"
      className="card mt-4 border-primary outline-none focus-visible:ring-2 focus-visible:ring-primary"
    >
      <p className="text-lg font-bold">
        {cancelled
          ? `Order #${order.orderNumber} is cancelled`
          : `Accepted: Order #${order.orderNumber}`}
      </p>
      {cancelled ? (
        <p className="mt-1">
          {order.paidCents > 0
            ? `We will refund you ${formatMoney(order.paidCents)}, everything you paid, and contact you to arrange it; your order page shows the refund once it is made.`
            : "Nothing is owed: nothing was paid, or the refund is made."}
        </p>
      ) : (
        <>
          <p className="mt-1">
            Thank you! Quote {label} is now Order #{order.orderNumber}.{" "}
            {order.depositDueCents > 0
              ? `Deposit due: ${formatMoney(order.depositDueCents)}.`
              : "No deposit is due now."}
          </p>
          <p className="mt-1">
            <a href={`/orders/${order.reference}`} className="text-primary underline">
              Follow your order
            </a>
          </p>
        </>
      )}
      {order.canCancel && order.cancelUntil ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="cancel" />
          <p>You may cancel through {formatVisitDate(order.cancelUntil)}, without any penalty.</p>
          {/* Confirm before undoing: a box, so the step holds without JavaScript too. */}
          <label className="mt-3 flex min-h-11 cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              required
              className="mt-1 h-6 w-6 shrink-0 accent-primary"
            />
            <span>
              Yes, cancel Order #{order.orderNumber}.{" "}
              {order.paidCents > 0
                ? `Your deposit of ${formatMoney(order.paidCents)} is refunded in full.`
                : "Nothing has been paid, so nothing is owed."}
            </span>
          </label>
          <button type="submit" className="btn-secondary mt-2 w-full sm:w-auto" disabled={busy}>
            Cancel my order
          </button>
        </Form>
      ) : null}
      <ResultNote result={result?.intent === "cancel" && !result.ok ? result : null} />
    </div>
  );
}

function AnswerForms({ busy }: { busy: boolean }) {
  const result = useActionData<typeof action>();
  const answered = (intent: "question" | "decline") =>
    result?.intent === intent && result.message ? result : null;
  const questionCheck = useAnswerCheck(
    "question",
    (s) => s.quoteQuestionSchema,
    result?.intent === "question",
  );
  const [question, questionFields] = useForm<z.output<AnswerSchemas["quoteQuestionSchema"]>>({
    id: "question",
    lastResult: result?.intent === "question" ? result.reply : undefined,
    shouldValidate: "onSubmit",
    onValidate: questionCheck.onValidate,
  });
  const declineCheck = useAnswerCheck(
    "decline",
    (s) => s.quoteDeclineSchema,
    result?.intent === "decline",
  );
  const [decline, declineFields] = useForm<z.output<AnswerSchemas["quoteDeclineSchema"]>>({
    id: "decline",
    lastResult: result?.intent === "decline" ? result.reply : undefined,
    shouldValidate: "onSubmit",
    onValidate: declineCheck.onValidate,
  });
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2">
      <section aria-labelledby="question-title" className="card">
        <h2 id="question-title" className="text-lg font-bold">
          Ask a question
        </h2>
        <Form method="post" {...getFormProps(question)} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="question" />
          <label htmlFor={questionFields.message.id} className="field-label">
            Your question
          </label>
          <textarea
            {...getInputProps(questionFields.message, { type: "text" })}
            key={questionFields.message.key}
            rows={3}
            className="field"
          />
          <FieldError id={questionFields.message.errorId} errors={questionFields.message.errors} />
          <button type="submit" className="btn-secondary w-full" disabled={busy}>
            Send my question
          </button>
          <ResultNote result={answered("question")} className="" />
        </Form>
      </section>
      <section aria-labelledby="decline-title" className="card">
        <h2 id="decline-title" className="text-lg font-bold">
          Decline
        </h2>
        <Form method="post" {...getFormProps(decline)} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="decline" />
          <label htmlFor={declineFields.reason.id} className="field-label">
            Reason (optional)
          </label>
          <textarea
            {...getInputProps(declineFields.reason, { type: "text" })}
            key={declineFields.reason.key}
            rows={3}
            className="field"
          />
          <FieldError id={declineFields.reason.errorId} errors={declineFields.reason.errors} />
          <button type="submit" className="btn-secondary w-full" disabled={busy}>
            Decline this quote
          </button>
          <ResultNote result={answered("decline")} className="" />
        </Form>
      </section>
    </div>
  );
}
