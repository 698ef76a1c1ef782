/**
 * The status page's progress tracker: placed, confirmed, measured, in
 * production, installation, completed, or the delivery variant for a DIY-only order, with the
 * next visit when one is booked. An ordered list: screen readers hear each step and its state.
 */
import { type Fulfilment, progressSteps } from "../../../domain/orders/fulfilment";
import { type OrdersT, statusWordIn } from "./order-words";

export interface NextVisitSummary {
  /** The visit's kind, named in the page's language by the caller. */
  kindLabel: string;
  when: string;
}

export function OrderProgress({
  fulfilment,
  status,
  nextVisit,
  t,
}: {
  t: OrdersT;
  fulfilment: Fulfilment;
  status: string;
  nextVisit: NextVisitSummary | null;
}) {
  if (status === "cancelled") {
    return (
      <p className="mt-6 rounded-lg border border-danger px-4 py-3 font-semibold text-danger">
        {t("status.cancelledOrder")}
      </p>
    );
  }
  const steps = progressSteps(fulfilment, status);
  return (
    <section aria-labelledby="progress-heading" className="mt-6">
      <h2 id="progress-heading" className="sr-only">
        {t("status.progress")}
      </h2>
      <ol className="grid grid-cols-1 gap-2 sm:grid-cols-6 sm:gap-0">
        {steps.map((s, i) => (
          <li
            key={s.status}
            aria-current={s.state === "current" ? "step" : undefined}
            className="flex items-center gap-3 sm:flex-col sm:gap-2 sm:text-center"
          >
            <span className="relative flex items-center sm:w-full sm:justify-center">
              {i > 0 ? (
                <span
                  aria-hidden="true"
                  className={`absolute right-1/2 hidden h-1 w-full sm:block ${s.state === "upcoming" ? "bg-line" : "bg-primary"}`}
                />
              ) : null}
              <span
                aria-hidden="true"
                className={`relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${
                  s.state === "done"
                    ? "border-primary bg-primary text-white"
                    : s.state === "current"
                      ? "border-primary bg-white text-primary"
                      : "border-line bg-white text-muted"
                }`}
              >
                {s.state === "done" ? "✓" : i + 1}
              </span>
            </span>
            <span className={`text-sm ${s.state === "upcoming" ? "text-muted" : "font-semibold"}`}>
              {statusWordIn(t, s.status, fulfilment)}
              <span className="sr-only">
                {s.state === "done"
                  ? t("status.done")
                  : s.state === "current"
                    ? t("status.current")
                    : ""}
              </span>
            </span>
          </li>
        ))}
      </ol>
      {nextVisit ? (
        <p className="mt-4 rounded-lg border border-primary bg-primary-light px-4 py-3 text-lg">
          <span className="font-semibold">
            {t("status.yourVisit", { kind: nextVisit.kindLabel.toLowerCase() })}
          </span>{" "}
          <span data-testid="next-visit">{nextVisit.when}</span>
        </p>
      ) : null}
    </section>
  );
}
