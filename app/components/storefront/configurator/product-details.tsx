/** Key Features, Specifications and Why Choose sections of a product page. */
import type { ProductContent } from "../../../../domain/storefront/product-content";
import { CheckIcon } from "../../icons";

export function ProductDetails({ name, content }: { name: string; content: ProductContent }) {
  return (
    <div className="mt-14 grid gap-10 border-t border-line pt-10 lg:grid-cols-3">
      <section aria-labelledby="features-title">
        <h2 id="features-title" className="text-xl font-semibold">
          Key Features
        </h2>
        <ul className="mt-3 space-y-2">
          {content.features.map((f) => (
            <li key={f} className="flex gap-2">
              <span className="mt-0.5 text-success">
                <CheckIcon />
              </span>
              <span>{f}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="specs-title">
        <h2 id="specs-title" className="text-xl font-semibold">
          Specifications
        </h2>
        <dl className="mt-3 space-y-2">
          {content.specifications.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm font-semibold">{label}</dt>
              <dd className="text-muted">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="why-title">
        <h2 id="why-title" className="text-xl font-semibold">
          Why Choose {name}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          {content.whyChoose.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
