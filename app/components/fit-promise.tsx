/** The fit and satisfaction promise, worded from the business facts. */
import storefront from "../../domain/i18n/compiled/en/storefront.js";
import { useT } from "../lib/i18n";
import { useRootData } from "../lib/root-data";
import { RulerIcon } from "./icons";

export function FitPromise({
  headingLevel = 2,
  className = "",
}: {
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const { business } = useRootData();
  const t = useT("storefront", storefront);
  const { selfMeasuredFreeRemakes: remakes, selfMeasuredRemakeDays: days } = business.fitPromise;
  const promise = {
    title: t("fit.title"),
    weMeasure: { title: t("fit.we.title"), text: t("fit.we.text") },
    youMeasure: { title: t("fit.you.title"), text: t("fit.you.text", { remakes, days }) },
  };
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby="fit-promise-title"
      className={`rounded-lg border-l-4 border-success bg-success/5 px-4 py-3 ${className}`}
    >
      <Heading id="fit-promise-title" className="flex items-center gap-2 font-semibold">
        <span className="text-success">
          <RulerIcon />
        </span>
        {promise.title}
      </Heading>
      <dl className="mt-2 space-y-2 text-sm">
        {[promise.weMeasure, promise.youMeasure].map((p) => (
          <div key={p.title}>
            <dt className="font-medium">{p.title}</dt>
            <dd className="text-muted">{p.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
