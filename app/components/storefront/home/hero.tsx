import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import { useLocalized, useT } from "../../../lib/i18n";
import { pictureUrl } from "../../../lib/picture-url";
import { useSectionNavigation } from "../../../lib/scroll";

/**
 * The home page's hero. Its promises come from the business facts. On phones it
 * is short, without the drawing, so the products start on the first screen.
 */
export function Hero({ foundedYear, badges }: { foundedYear: number; badges: readonly string[] }) {
  const goToSection = useSectionNavigation();
  const t = useT("storefront", storefront);
  const localized = useLocalized();
  return (
    <section aria-labelledby="hero-title" className="bg-sand">
      <div className="container-page grid items-center gap-8 py-6 sm:py-16 lg:grid-cols-[1fr_1fr] lg:gap-12 lg:py-20">
        <div>
          <h1
            id="hero-title"
            tabIndex={-1}
            className="max-w-2xl text-3xl font-semibold text-ink sm:text-5xl"
          >
            {t("home.hero.title")}
          </h1>
          <p className="mt-3 max-w-xl text-muted sm:mt-5 sm:text-lg">{t("home.hero.lead")}</p>
          <div className="mt-5 flex flex-wrap gap-3 sm:mt-8">
            <a
              href={localized("/#products")}
              className="btn-primary"
              onClick={(e) => {
                e.preventDefault();
                goToSection("products");
              }}
            >
              {t("home.hero.explore")}
            </a>
            <a
              href={localized("/#installation")}
              className="btn-secondary"
              onClick={(e) => {
                e.preventDefault();
                goToSection("installation");
              }}
            >
              {t("home.hero.installation")}
            </a>
          </div>
          <ul
            className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted sm:mt-8"
            aria-label={t("home.badges")}
          >
            {[...badges, t("home.badge.since", { year: foundedYear })].map((b) => (
              <li key={b} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
                {b}
              </li>
            ))}
          </ul>
        </div>
        {/*
          A cacheable drawn file with its size given, so it takes its place at once and costs no
          script; left out on phones so the products show on the first screen.
        */}
        <img
          src={pictureUrl({
            type: "standard-shutters",
            color: "#FFFFFF",
            view: "room",
            aspect: 0.8,
          })}
          alt={t("home.hero.pictureAlt")}
          width={600}
          height={480}
          className="hidden aspect-[5/4] w-full rounded-lg object-cover sm:block"
        />
      </div>
    </section>
  );
}
