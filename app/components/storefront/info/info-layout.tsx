/** Shared building blocks of the information pages: a heading band, sections, lists. */
import { Link } from "react-router";
import shared from "../../../../domain/i18n/compiled/en/shared.js";
import { phoneHref } from "../../../../domain/shared/business";
import { useLocalized, useT } from "../../../lib/i18n";

export function InfoHeader({ title, intro }: { title: string; intro: React.ReactNode }) {
  const t = useT("shared", shared);
  const localized = useLocalized();
  return (
    <div className="bg-sand">
      <div className="container-page py-10 sm:py-14">
        <nav aria-label="Breadcrumb" className="text-sm">
          <ol className="flex flex-wrap gap-2 text-muted">
            <li>
              <Link to={localized("/")} className="text-primary underline underline-offset-2">
                {t("breadcrumb.home")}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <h1 className="mt-3 text-3xl font-semibold sm:text-4xl">{title}</h1>
        <div className="mt-3 max-w-3xl text-lg text-muted">{intro}</div>
      </div>
    </div>
  );
}

export function InfoSection({
  id,
  title,
  children,
  intro,
}: {
  id: string;
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="py-8">
      <h2 id={`${id}-title`} className="text-2xl font-semibold">
        {title}
      </h2>
      {intro ? <p className="mt-2 max-w-3xl text-muted">{intro}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** On-this-page links, wrapping on phones. */
export function PageContents({ items }: { items: readonly { id: string; title: string }[] }) {
  return (
    <nav aria-label="On this page" className="card mt-8">
      <h2 className="text-base font-semibold">On this page</h2>
      <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
        {items.map((i) => (
          <li key={i.id}>
            <a
              href={`#${i.id}`}
              className="inline-block py-2 text-primary underline underline-offset-2"
            >
              {i.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function NumberedSteps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((s, i) => (
        <li key={s.title} className="card">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 items-center justify-center rounded-full bg-primary font-bold text-white"
          >
            {i + 1}
          </span>
          <h3 className="mt-3 font-semibold">
            <span className="sr-only">Step {i + 1}: </span>
            {s.title}
          </h3>
          <p className="mt-2 text-sm text-muted">{s.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Every answer visible: easy to scan, to find with the browser's search, and to read aloud. */
export function QuestionList({
  questions,
}: {
  questions: readonly { question: string; answer: string }[];
}) {
  return (
    <div className="divide-y divide-line rounded-xl border border-line bg-white">
      {questions.map((q) => (
        <div key={q.question} className="p-4 sm:p-5">
          <h3 className="font-semibold">{q.question}</h3>
          <p className="mt-2 text-muted">{q.answer}</p>
        </div>
      ))}
    </div>
  );
}

export function BulletList({
  items,
  tone = "neutral",
}: {
  items: readonly string[];
  tone?: "neutral" | "yes" | "no";
}) {
  const mark = tone === "yes" ? "✓" : tone === "no" ? "✕" : "•";
  const toneColor =
    tone === "yes" ? "text-success" : tone === "no" ? "text-danger" : "text-primary";
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span aria-hidden="true" className={`font-bold ${toneColor}`}>
            {mark}
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function HelpCallout({ phone, email }: { phone: string; email: string }) {
  return (
    <aside aria-label="Need help?" className="card my-8 bg-surface">
      <p className="font-semibold">Still have a question?</p>
      <p className="mt-1 text-muted">
        Call{" "}
        <a className="text-primary underline" href={phoneHref(phone)}>
          {phone}
        </a>{" "}
        or email{" "}
        <a className="text-primary underline" href={`mailto:${email}`}>
          {email}
        </a>
        , or{" "}
        <Link to="/contact" className="text-primary underline">
          send us a message
        </Link>
        .
      </p>
    </aside>
  );
}
