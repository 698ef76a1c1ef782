/**
 * The job card of a visit booked before any order: a measurement visit booked
 * at /book, or by the office for an estimate request. The installer calls, opens the map,
 * sends "On my way", starts the quote and marks it done, as on an order's job card.
 */
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { VisitView } from "../../../server/services/scheduling/visits";
import { ActionMessage } from "../admin/action-message";
import type { ActionResult } from "../admin/admin-route";
import { VisitOnMyWay } from "../purchasing/on-my-way";
import { VisitCustomerCard } from "./visit-customer-card";

export function BookedVisitCard({
  visit,
  isVisitDay,
  result,
  children,
}: {
  visit: VisitView;
  /** What the visit records beside the customer (a measurement visit's windows). */
  children?: ReactNode;
  /** The visit is today, store time (the loader's isOnMyWayDay): "On my way" is offered. */
  isVisitDay: boolean;
  result: (ActionResult & { intent?: string }) | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "done";
  const quoteLink =
    visit.estimateRequestId !== null
      ? `/admin/quotes/new?estimateId=${visit.estimateRequestId}`
      : `/admin/quotes/new?visitId=${visit.id}`;
  return (
    <div className="container-page space-y-5 py-6" data-testid="job-card">
      <p className="flex flex-wrap gap-3">
        <Link to="/admin/visits" className="btn-secondary">
          My visits
        </Link>
        <Link to={`/admin/schedule?week=${visit.date}`} className="btn-secondary">
          The week
        </Link>
      </p>
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">
          {visit.kindLabel} · {visit.source === "online" ? "Booked online" : "Booked by the office"}
        </h1>
        <p className="mt-1 text-lg">{visit.when}</p>
        <p className="text-muted">
          {visit.statusLabel}
          {visit.reference ? ` · booking ${visit.reference}` : ""}
          {visit.staffName ? ` · ${visit.staffName}` : ""}
        </p>
      </header>

      <VisitCustomerCard
        name={visit.customerName}
        phone={visit.customerPhone}
        address={visit.address}
        note={visit.note}
        noteLabel="Note"
        language={visit.language}
      >
        {visit.textReminders ? <p className="text-sm">The customer asked for texts.</p> : null}
        <VisitOnMyWay
          visit={visit}
          isVisitDay={isVisitDay}
          result={result?.intent === "on-my-way" ? result : undefined}
        />
      </VisitCustomerCard>

      {children}

      <section aria-labelledby="card-next" className="card space-y-3">
        <h2 id="card-next" className="text-xl font-bold">
          At the visit
        </h2>
        <p>Measure every window, then build the quote with the customer.</p>
        <Link to={quoteLink} className="btn-primary">
          Start the quote<span className="sr-only"> for {visit.customerName}</span>
        </Link>
        <ActionMessage result={result?.intent === "done" ? result : null} className="font-medium" />
        {visit.status === "scheduled" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="done" />
            <button type="submit" className="btn-secondary" disabled={busy}>
              Mark done<span className="sr-only">: {visit.when}</span>
            </button>
          </Form>
        ) : null}
      </section>
    </div>
  );
}
