/** "What happens next" from the order's fulfilment story (domain/fulfilment.ts). */
import type { Fulfilment } from "../../../domain/orders/fulfilment";
import { useRootData } from "../../lib/root-data";
import { nextStepsIn, type OrdersT } from "./order-words";

export function NextSteps({
  fulfilment,
  headingLevel = 2,
  className,
  t,
}: {
  t: OrdersT;
  fulfilment: Fulfilment;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const { business } = useRootData();
  const steps = nextStepsIn(t, fulfilment, business);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const StepHeading = headingLevel === 2 ? "h3" : "h4";
  return (
    <section aria-labelledby="next-steps-heading" className={className}>
      <Heading id="next-steps-heading" className="text-xl font-bold">
        {t("steps.title")}
      </Heading>
      <ol
        className={`mt-4 grid gap-4 sm:grid-cols-2 ${steps.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}
      >
        {steps.map((step, n) => (
          <li key={step.title} className="card">
            <p className="text-sm font-semibold text-primary">
              {t("steps.step", { number: n + 1 })}
            </p>
            <StepHeading className="mt-1 font-bold">{step.title}</StepHeading>
            <p className="mt-2 text-sm text-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
