/**
 * /admin/texts/:threadId: one customer's texts (opening marks them read), their orders, visits
 * and quotes beside them, and the reply form; a refused reply (no consent, opted out) says why.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { textReplySchema } from "../../../../domain/requests/text-keywords";
import { formatVisitDate } from "../../../../domain/scheduling/visit-time";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import { formatDateTime, noStoreHeaders } from "../../../components/admin/admin-route";
import { adminRecord, adminRecordAction, loadOrThrow } from "../../../lib/admin-route.server";
import { parseInput } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/text";

export const meta = () => adminMeta("Text thread");

export const headers = noStoreHeaders;

const PAGE = "routes/admin/requests/text.tsx";

const CONSENT_WORDS = {
  "opt-in": "Agreed to texts",
  "opt-out": "Opted out (STOP): texts can't be sent",
} as const;

export async function loader(args: Route.LoaderArgs) {
  const { id, session } = await adminRecord(args, PAGE, "threadId");
  return loadOrThrow(args.context, () =>
    args.context.services.textInbox.open(id, { staffId: session.staffId, role: session.role }),
  );
}

export async function action(args: Route.ActionArgs) {
  return adminRecordAction(args, PAGE, "threadId", async (form, { actor, id, session }) => {
    const input = parseInput(textReplySchema, { body: form.get("body") });
    await args.context.services.textInbox.reply(id, input, { ...actor, role: session.role });
    return "Reply queued: it goes out in a moment.";
  });
}

/** The photos a customer texted in, each opening full size in a new tab. */
function TextPhotos(props: {
  threadId: number;
  messageAt: string;
  media: readonly { id: number; contentType: string }[];
}) {
  if (props.media.length === 0) return null;
  return (
    <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
      {props.media.map((x, i) => {
        const url = `/api/admin/texts/${props.threadId}/media/${x.id}`;
        return (
          <li key={x.id}>
            <a href={url} target="_blank" rel="noreferrer" className="block">
              <img
                src={url}
                alt={`Sent by the customer ${props.messageAt} (${i + 1} of ${props.media.length})`}
                loading="lazy"
                className="aspect-square w-full rounded-md border border-line object-cover"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export default function AdminTextThread() {
  const t = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const title = t.customerName ?? t.phone;
  return (
    <div className="container-page py-8">
      <Link to="/admin/texts" className="inline-flex min-h-11 items-center text-primary underline">
        Back to texts
      </Link>
      <h1 className="mt-2 text-3xl font-bold break-words">{title}</h1>
      <p className="text-muted">
        <a href={`tel:${t.phone}`} className="text-primary underline">
          {t.phone}
        </a>{" "}
        · {t.consent ? CONSENT_WORDS[t.consent] : "Never agreed to texts: call instead"}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="messages-title">
          <h2 id="messages-title" className="sr-only">
            Messages
          </h2>
          <ol className="space-y-3">
            {t.messages.map((m) => (
              <li
                key={m.id}
                className={`card max-w-[90%] ${m.direction === "out" ? "ml-auto bg-primary-light" : ""}`}
              >
                <p className="text-xs text-muted">
                  {m.direction === "in" ? "Customer" : "Store"} · {formatDateTime(m.at)}
                </p>
                {m.body ? <p className="mt-1 whitespace-pre-line break-words">{m.body}</p> : null}
                <TextPhotos threadId={t.id} messageAt={formatDateTime(m.at)} media={m.media} />
                {m.mediaMissing > 0 ? (
                  <p className="mt-1 text-sm text-muted">
                    {m.mediaMissing === 1
                      ? "1 attachment could not be shown (not a photo, or Twilio did not give it)."
                      : `${m.mediaMissing} attachments could not be shown (not photos, or Twilio did not give them).`}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
          {/* Keyed by the messages: a reply sent empties the box. */}
          <Form method="post" className="card mt-6" id="reply" key={t.messages.length}>
            <label htmlFor="reply-body" className="field-label">
              Reply by text
            </label>
            <textarea
              id="reply-body"
              name="body"
              rows={3}
              maxLength={320}
              required
              className="field mt-2 w-full"
            />
            <ActionMessage result={result} />
            <button
              type="submit"
              className="btn-primary mt-3 w-full py-3 sm:w-auto"
              disabled={busy}
            >
              {busy ? "Sending…" : "Send reply"}
            </button>
          </Form>
        </section>
        <aside aria-labelledby="customer-title" className="card h-fit">
          <h2 id="customer-title" className="text-xl font-bold">
            This customer
          </h2>
          <h3 className="mt-3 font-semibold">Orders</h3>
          {t.orders.length === 0 ? (
            <p className="text-muted">None found for this number.</p>
          ) : (
            <ul>
              {t.orders.map((o) => (
                <li key={o.id}>
                  <Link
                    to={`/admin/orders/${o.id}`}
                    className="inline-flex min-h-11 items-center text-primary underline"
                  >
                    Order #{o.orderNumber}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-3 font-semibold">Visits</h3>
          {t.visits.length === 0 ? (
            <p className="text-muted">None found for this number.</p>
          ) : (
            <ul>
              {t.visits.map((v) => (
                <li key={v.id}>
                  <Link
                    to={`/admin/visits/${v.id}`}
                    className="inline-flex min-h-11 items-center text-primary underline"
                  >
                    {formatVisitDate(v.date)}, {v.start}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-3 font-semibold">Quotes</h3>
          {t.quotes.length === 0 ? (
            <p className="text-muted">None found for this number.</p>
          ) : (
            <ul>
              {t.quotes.map((q) => (
                <li key={q.id}>
                  <Link
                    to={`/admin/quotes/${q.id}`}
                    className="inline-flex min-h-11 items-center text-primary underline"
                  >
                    Quote #{q.quoteNumber}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the text thread" />;
}
