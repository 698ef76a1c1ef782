/**
 * /admin/quotes/new and /admin/quotes/:quoteId: the builder (new, or changes
 * while the quote is open), and the quote's detail: status, link for the customer, PDF, send,
 * what happened (sent, viewed, reminders, answers) and the signature.
 */

import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { EDITABLE_QUOTE_STATUSES } from "../../../../domain/sales/quote";
import {
  EMPTY_CUSTOMER,
  QUOTE_FIELD_LABELS,
  quoteCreateSchema,
  quoteFromMeasurementsSchema,
  quoteUpdateSchema,
} from "../../../../domain/sales/quote-schema";
import { formatVisitDate } from "../../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../../domain/shared/money";
import { oneOf } from "../../../../domain/shared/one-of";
import { AdminError } from "../../../components/admin/admin-error";
import { field } from "../../../components/admin/admin-form.server";
import {
  actorOf,
  formatDateTime,
  NO_STORE,
  noStoreHeaders,
  recordIdParam,
  requireAdmin,
} from "../../../components/admin/admin-route";
import { CustomerLanguage } from "../../../components/admin/customer-language";
import { fromWireItem } from "../../../components/sales/builder-item";
import { QuoteBuilder } from "../../../components/sales/quote-builder";
import { QuoteItems } from "../../../components/sales/quote-items";
import { QuoteTotalsTable } from "../../../components/sales/quote-totals";
import { actionError, formFailureOf } from "../../../lib/action-errors.server";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { AppError, parseInput, readForm } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import { useRootData } from "../../../root";
import type { Route } from "./+types/quote";

export function meta({ data: d }: Route.MetaArgs) {
  const title = d && "quote" in d && d.quote ? `Quote ${d.quote.label}` : "New quote";
  return adminMeta(title);
}

export const headers = noStoreHeaders;

function optionalId(url: URL, name: string): number | null {
  const raw = url.searchParams.get(name);
  return raw ? recordIdParam(raw) : null;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin/sales/quote.tsx");
  const { quotes, catalog, salesSettings } = context.services;
  return loadOrThrow(context, async () => {
    const [ctx, settings] = await Promise.all([catalog.pricing(), salesSettings.get()]);
    if (params.quoteId === "new") {
      const url = new URL(request.url);
      const links = {
        estimateId: optionalId(url, "estimateId"),
        visitId: optionalId(url, "visitId"),
        orderId: optionalId(url, "orderId"),
      };
      return { ctx, settings, quote: null, links, customer: await quotes.prefill(links, session) };
    }
    const quote = await quotes.get(recordIdParam(params.quoteId), session);
    return { ctx, settings, quote, links: null, customer: null };
  });
}

function payloadOf(form: FormData): unknown {
  try {
    return JSON.parse(field(form, "payload") ?? "");
  } catch {
    throw new AppError(
      "bad_request",
      "The quote could not be read. Reload the page and try again.",
    );
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, context, "routes/admin/sales/quote.tsx");
  const actor = actorOf(session);
  const { quotes } = context.services;
  let intent = "";
  try {
    const form = await readForm(request);
    intent = field(form, "intent");
    if (intent === "from-measurements") {
      // The job card's "Start a quote from these measurements" (decision 573).
      const input = parseInput(quoteFromMeasurementsSchema, {
        fromMeasurements: true,
        visitId: Number(field(form, "visitId")),
      });
      const quote = await quotes.fromMeasurements(input, actor, session);
      return redirect(`/admin/quotes/${quote.id}`, { headers: NO_STORE });
    }
    if (intent === "create") {
      const input = parseInput(quoteCreateSchema, payloadOf(form));
      const quote = await quotes.create(input, actor, session);
      return redirect(`/admin/quotes/${quote.id}`, { headers: NO_STORE });
    }
    const id = recordIdParam(params.quoteId);
    if (intent === "update") {
      const input = parseInput(quoteUpdateSchema, payloadOf(form));
      const quote = await quotes.update(id, input, actor, session);
      return data(
        { ok: true as const, message: `Saved: revision ${quote.revision}.` },
        { headers: NO_STORE },
      );
    }
    if (intent === "send") {
      const quote = await quotes.send(id, actor, session);
      return data(
        { ok: true as const, message: `Sent to ${quote.customer.email}.` },
        { headers: NO_STORE },
      );
    }
    throw new AppError("bad_request", "Choose save or send.");
  } catch (error) {
    // A refused save answers the builder's errors by the API's field paths ("items.2.width").
    return actionError(error, context, (a) => ({
      ...formFailureOf(a, { labels: QUOTE_FIELD_LABELS }),
      intent,
    }));
  }
}

export default function AdminQuote() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { business } = useRootData();
  const busy = useNavigation().state !== "idle";
  const { ctx, settings, quote } = loaded;
  // A refused save of the builder (the send button's refusal is the banner's alone).
  const failure =
    result && !result.ok && (result.intent === "create" || result.intent === "update")
      ? result
      : null;
  const banner = result ? (
    <p role={result.ok ? "status" : "alert"} className="card mt-4 font-medium">
      {!result.ok && result.fieldsOnly
        ? "The quote was not saved: correct the fields marked below."
        : result.message}
    </p>
  ) : null;

  if (!quote) {
    const links = loaded.links ?? { estimateId: null, visitId: null, orderId: null };
    return (
      <div className="container-page max-w-3xl py-6">
        <BackLink />
        <h1 className="mt-2 text-3xl font-bold">New quote</h1>
        {links.estimateId ? (
          <p className="text-muted">From estimate request #{links.estimateId}</p>
        ) : null}
        {links.visitId || links.orderId ? (
          <p className="text-muted">
            From the measurement visit of an order: the order becomes Measured when accepted.
          </p>
        ) : null}
        {banner}
        <div className="mt-4">
          <QuoteBuilder
            ctx={ctx}
            rules={business}
            maxDiscountPercent={settings.maxDiscountPercent}
            editing={false}
            busy={busy}
            failure={failure}
            initial={{
              customer: loaded.customer ?? EMPTY_CUSTOMER,
              items: [],
              discountPercent: 0,
              depositPercent: settings.depositPercent,
              validDays: settings.quoteValidDays,
              note: "",
              links,
            }}
          />
        </div>
      </div>
    );
  }

  const editable = oneOf(EDITABLE_QUOTE_STATUSES, quote.status);
  return (
    <div className="container-page max-w-3xl py-6">
      <BackLink />
      <h1 className="mt-2 text-3xl font-bold">
        Quote {quote.label}: {quote.customer.firstName} {quote.customer.lastName}
      </h1>
      <p className="text-muted">
        <span data-testid="quote-status">{quote.statusLabel}</span> · revision {quote.revision} ·
        valid through {formatVisitDate(quote.validUntil)} · {formatMoney(quote.totals.totalCents)}
      </p>
      <CustomerLanguage language={quote.language} />
      {banner}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {editable ? (
          <Form method="post" className="flex-1">
            <input type="hidden" name="intent" value="send" />
            <button type="submit" className="btn-primary w-full py-4 text-lg" disabled={busy}>
              {quote.sentAt ? "Send again" : "Send to the customer"}
            </button>
          </Form>
        ) : null}
        <a
          href={`/api/admin/quotes/${quote.id}/pdf`}
          className="btn-secondary flex-1 py-4 text-center text-lg"
        >
          PDF
        </a>
        {quote.sentAt && editable ? (
          <a href={quote.link} className="btn-secondary flex-1 py-4 text-center text-lg">
            Customer's page
          </a>
        ) : null}
      </div>
      {quote.acceptedOrderId ? (
        <p className="mt-4">
          <Link to={`/admin/orders/${quote.acceptedOrderId}`} className="text-primary underline">
            See the order made from this quote
          </Link>
        </p>
      ) : null}
      {quote.signature ? (
        <p className="mt-2 text-sm">
          Signed by {quote.signature.name} on {formatDateTime(quote.signature.signedAt)} · SHA-256{" "}
          <span className="break-all font-mono">{quote.signature.sha256}</span>
        </p>
      ) : null}
      {quote.declineReason ? <p className="mt-2">Declined: {quote.declineReason}</p> : null}

      {editable ? (
        <details className="mt-6" open={quote.status === "draft" || failure !== null}>
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-lg font-bold">
            Change the quote
          </summary>
          <div className="mt-3">
            <QuoteBuilder
              ctx={ctx}
              rules={business}
              maxDiscountPercent={settings.maxDiscountPercent}
              editing
              busy={busy}
              failure={failure}
              initial={{
                customer: { ...quote.customer, language: quote.language },
                items: quote.items.map((i) =>
                  fromWireItem(ctx, {
                    ...i,
                    roomLabel: i.roomLabel,
                    configuration: i.configuration,
                  }),
                ),
                discountPercent: quote.discountPercent,
                depositPercent: quote.depositPercent,
                validDays: null,
                note: quote.note ?? "",
                links: {
                  estimateId: quote.estimateId,
                  visitId: quote.visitId,
                  orderId: quote.orderId,
                },
              }}
            />
          </div>
        </details>
      ) : (
        <section className="card mt-6" aria-labelledby="items-title">
          <h2 id="items-title" className="text-xl font-bold">
            Items
          </h2>
          <QuoteItems
            items={quote.items}
            chosen={new Set()}
            choices={quote.signature?.choices ?? []}
            locked
          />
          <div className="mt-4">
            <QuoteTotalsTable totals={quote.totals} discountPercent={quote.discountPercent} />
          </div>
        </section>
      )}

      <section className="mt-6" aria-labelledby="history-title">
        <h2 id="history-title" className="text-xl font-bold">
          What happened
        </h2>
        <ul className="mt-2 space-y-1">
          {quote.events.map((e) => (
            <li key={`${e.at}-${e.kind}`}>
              <span className="text-muted">{formatDateTime(e.at)}</span> · {e.summary}{" "}
              <span className="text-muted">({e.actor})</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-muted">
          Opened {quote.viewCount} time{quote.viewCount === 1 ? "" : "s"}
          {quote.viewedAt ? `, first on ${formatDateTime(quote.viewedAt)}` : ""}.
        </p>
      </section>
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/admin/quotes" className="inline-flex min-h-11 items-center text-primary underline">
      Back to quotes
    </Link>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the quote" />;
}
